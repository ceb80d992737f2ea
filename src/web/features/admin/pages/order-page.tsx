import '../admin-strings';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ban, Check, PackageCheck, Undo2 } from 'lucide-react';
import { shortenIdForDashboard } from '#shared/format';
import { DEFAULT_LABEL_FORMAT } from '#shared/labels';
import { transitionsFor } from '#shared/order-lifecycle';
import type { AdminOrderDetail } from '#shared/schemas/admin-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { printOrderLabel } from '../../../lib/label-printing';
import { buttonClassName } from '../../../ui/button-styles';
import { PrintLabelsButton } from '../../../ui/print-labels-button';
import { Card } from '../../../ui/card';
import { DetailList } from '../../../ui/detail-list';
import {
  OrderIdsCard,
  OrderPlacedLead,
  OrderRouteCard,
  OrderTimelineCard,
  OrderPaymentCard,
  orderMoneyDetails,
} from '../../../ui/order-detail-sections';
import { describeActionError } from '../admin-errors';
import { useAdminOrder, useUpdateOrderStatus } from '../api/admin-api';
import { OrderDetailPage } from '../../../ui/order-detail-page';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { CancelOrderDialog } from '../components/cancel-order-dialog';
import { ConfirmOrderDialog } from '../components/confirm-order-dialog';
import { DeliveryCodeLockedNotice, OfficeDeliveryDialog } from '../components/office-delivery';
import { OfficeReturnDialog } from '../components/office-return';
import { useAdminListErrorText } from '../use-admin-error-text';
import { OrderSuggestionsCard } from '../runs/order-suggestions-card';
import { OrderMap } from '../../../ui/maps/order-map';

/**
 * What the admin may do next (docs/product.md, section 4): the transitions the lifecycle table
 * gives an admin from the order's status, as the list screens offer them.
 */
function OrderActions({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const update = useUpdateOrderStatus();
  const [dialog, setDialog] = useState<
    'confirm' | 'cancel' | 'deliver' | 'return' | 'return-delivered' | null
  >(null);
  const close = () => setDialog(null);
  const transitions = transitionsFor('admin', order.status);
  if (transitions.length === 0) return null;
  // docs/product.md, decision 15: cancelling a pending order needs a reason.
  const pending = order.status === 'PENDING';
  const deliver = () =>
    update.mutate(
      { orderId: order.id, body: { status: 'DELIVERED' } },
      {
        onSuccess: () => notifySuccess(t('admin.toasts.statusUpdated', { status: 'DELIVERED' })),
        onError: (error) => notifyError(describeActionError(error, t('admin.toasts.updateFailed'))),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {transitions.includes('dispatch') && (
        <button
          type="button"
          onClick={() => setDialog('confirm')}
          className={buttonClassName('primary')}
        >
          <Check aria-hidden="true" className="size-4" />
          {t('admin.confirmation.confirm')}
        </button>
      )}
      {transitions.includes('deliver') && (
        <button
          type="button"
          onClick={order.deliveryCodeLocked ? () => setDialog('deliver') : deliver}
          disabled={update.isPending}
          className={buttonClassName('primary')}
        >
          <PackageCheck aria-hidden="true" className="size-4" />
          {t('admin.tracking.actions.deliver')}
        </button>
      )}
      {transitions.includes('cancel') && (
        <button
          type="button"
          onClick={() => setDialog('cancel')}
          className={buttonClassName('secondary')}
        >
          <Ban aria-hidden="true" className="size-4" />
          {t('admin.tracking.actions.cancel')}
        </button>
      )}
      {transitions.includes('startReturn') && (
        <button
          type="button"
          onClick={() => setDialog('return')}
          className={buttonClassName('secondary')}
        >
          <Undo2 aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('admin.returns.actions.return')}
        </button>
      )}
      {transitions.includes('deliverReturn') && (
        <button
          type="button"
          onClick={() => setDialog('return-delivered')}
          className={buttonClassName('primary')}
        >
          <PackageCheck aria-hidden="true" className="size-4" />
          {t('admin.returns.actions.return-delivered')}
        </button>
      )}
      {(dialog === 'return' || dialog === 'return-delivered') && (
        <OfficeReturnDialog orderId={order.id} action={dialog} onClose={close} />
      )}
      {dialog === 'confirm' && <ConfirmOrderDialog order={order} onClose={close} />}
      {dialog === 'deliver' && <OfficeDeliveryDialog order={order} onClose={close} />}
      {dialog === 'cancel' && (
        <CancelOrderDialog
          order={order}
          reasonRequired={pending}
          successMessage={
            pending
              ? t('admin.toasts.cancelled')
              : t('admin.toasts.statusUpdated', { status: 'CANCELLED' })
          }
          failureMessage={pending ? t('admin.toasts.cancelFailed') : t('admin.toasts.updateFailed')}
          onClose={close}
        />
      )}
    </div>
  );
}

/**
 * The order's failed delivery attempts and its return (docs/decisions/0023-failed-deliveries-
 * and-returns.md): how many, each reason and day, and why and when it went back.
 */
function AttemptsCard({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (order.failedAttempts === 0 && !order.returnStartedAt) return null;
  const details = [
    { label: t('admin.order.attempts.count'), value: format.number(order.failedAttempts, 0, 0) },
    ...(order.nextAttemptOn
      ? [{ label: t('admin.order.attempts.nextDay'), value: format.dayMonth(order.nextAttemptOn) }]
      : []),
    ...(order.awaitingDecisionSince
      ? [
          {
            label: t('admin.order.attempts.awaitingSince'),
            value: format.dateTime(order.awaitingDecisionSince),
          },
        ]
      : []),
    ...(order.returnReason
      ? [{ label: t('admin.order.attempts.returnReason'), value: order.returnReason }]
      : []),
    ...(order.returnStartedAt
      ? [
          {
            label: t('admin.order.attempts.returnStarted'),
            value: format.dateTime(order.returnStartedAt),
          },
        ]
      : []),
    ...(order.returnedAt
      ? [{ label: t('admin.order.attempts.returnedAt'), value: format.dateTime(order.returnedAt) }]
      : []),
    ...(order.receiverInstructions
      ? [{ label: t('admin.order.attempts.instructions'), value: order.receiverInstructions }]
      : []),
    ...(order.receiverOtherPhone
      ? [{ label: t('admin.order.attempts.otherPhone'), value: order.receiverOtherPhone }]
      : []),
  ];
  return (
    <Card title={t('admin.order.attempts.title')}>
      <DetailList columns={1} details={details} />
      {order.attempts.length > 0 && (
        <ol className="mt-3 flex flex-col gap-2 text-sm">
          {order.attempts.map((attempt) => (
            <li key={attempt.attempt} className="rounded-lg bg-slate-50 p-2 text-slate-800">
              <span className="font-semibold">
                {t('admin.returns.attemptText', {
                  number: attempt.attempt,
                  reason: t(`admin.returns.reasons.${attempt.reason}`),
                })}
              </span>{' '}
              <time dateTime={attempt.at} className="text-slate-600">
                {format.dateTime(attempt.at)}
              </time>
              {attempt.nextAttemptOn && (
                <span className="block text-slate-600">
                  {t('admin.order.attempts.dayAsked', {
                    day: format.dayMonth(attempt.nextAttemptOn),
                  })}
                </span>
              )}
              {attempt.note && <span className="block break-words">{attempt.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** /admin/orders/:id: one order with its customer, truck, driver, payment and timeline. */
export function AdminOrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const describeError = useAdminListErrorText();
  const query = useAdminOrder(id);
  const format = useFormatters();
  const notYet = t('admin.order.notYet');
  const none = t('admin.common.none');
  const dateTimeOr = (iso: string | null) => (iso ? format.dateTime(iso) : notYet);
  const cashCollectedText = (order: AdminOrderDetail) => {
    if (order.cashCollected !== null && order.cashShortfall !== null) {
      return t('admin.order.payment.cashShort', {
        collected: format.mad(order.cashCollected),
        short: format.mad(order.cashShortfall),
      });
    }
    if (order.cashCollected !== null && order.cashOverCollection !== null) {
      return t('admin.cashOverCollection.orderPayment', {
        collected: format.mad(order.cashCollected),
        over: format.mad(order.cashOverCollection),
      });
    }
    return format.mad(order.cashCollected ?? 0);
  };
  const orderTitle = (orderId: string) =>
    t('admin.order.title', {
      id: t('admin.common.hashId', { id: shortenIdForDashboard(orderId) }),
    });
  return (
    <OrderDetailPage
      query={query}
      back={{ to: '/admin/orders', label: t('admin.order.back') }}
      title={orderTitle(id)}
      notFound={{ title: t('admin.order.notFoundTitle'), message: t('admin.order.notFoundBody') }}
      errorText={(error) => describeError(error, t('admin.order.loadFailed'))}
    >
      {(order) => ({
        title: orderTitle(order.id),
        lead: (
          <OrderPlacedLead
            placedOn={t('admin.order.placedOn', { date: format.date(order.createdAt) })}
            status={order.status}
            source={order.source}
          />
        ),
        actions: (
          <div className="flex flex-wrap items-start gap-2">
            <OrderActions order={order} />
            {order.status !== 'CANCELLED' && (
              <PrintLabelsButton
                text={t('labels.printOne')}
                defaultFormat={DEFAULT_LABEL_FORMAT}
                print={(format) => printOrderLabel('admin', order.id, format)}
              />
            )}
          </div>
        ),
        main: (
          <>
            <DeliveryCodeLockedNotice order={order} />
            <OrderIdsCard
              words="admin"
              trackingNumber={order.trackingNumber}
              orderId={order.id}
              cancelReason={order.cancellationReason}
              copyOrderId
            />
            <OrderRouteCard
              title={t('admin.order.route.title')}
              route={t('admin.common.route', {
                from: format.city(order.pickup_loc),
                to: format.city(order.delivery_loc),
              })}
              details={[
                { label: t('admin.order.route.pickup'), value: format.place(order.origin) },
                { label: t('admin.order.route.delivery'), value: format.place(order.destination) },
                {
                  label: t('admin.order.route.distance'),
                  value: format.km(order.distance),
                },
                { label: t('admin.order.route.exitDate'), value: dateTimeOr(order.exitDate) },
                {
                  label: t('admin.order.route.estimatedDelivery'),
                  value: dateTimeOr(order.estimatedDelivery),
                },
                {
                  label: t('admin.order.route.deliveredOn'),
                  value: dateTimeOr(order.delivery_date),
                },
              ]}
            />
            <AttemptsCard order={order} />
            <OrderMap order={order} />
            <div className="grid gap-4 md:grid-cols-2">
              <Card title={t('admin.order.customer.title')}>
                <DetailList
                  columns={1}
                  details={[
                    { label: t('admin.order.customer.name'), value: order.user.name },
                    {
                      label: t('admin.order.customer.email'),
                      value: <span className="break-all">{order.customer.email}</span>,
                    },
                    {
                      label: t('admin.order.customer.userType'),
                      value: order.user.userType
                        ? t(`admin.userTypes.${order.user.userType}`)
                        : none,
                    },
                  ]}
                />
              </Card>
              <Card title={t('admin.order.cargo.title')}>
                <DetailList
                  columns={1}
                  details={[
                    { label: t('admin.order.cargo.weight'), value: format.kg(order.weight) },
                    {
                      label: t('admin.order.cargo.priority'),
                      value: t(`admin.priorities.${order.priority}`),
                    },
                    {
                      label: t('admin.order.cargo.cargoType'),
                      value: t(`admin.cargoTypes.${order.cargoType}`),
                    },
                    { label: t('admin.order.cargo.receiver'), value: order.receiverName ?? none },
                    {
                      label: t('admin.order.cargo.receiverPhone'),
                      value: order.receiverPhone ?? none,
                    },
                  ]}
                />
              </Card>
            </div>
          </>
        ),
        aside: (
          <>
            <OrderSuggestionsCard order={order} />
            <Card title={t('admin.order.fleet.title')}>
              {order.truck || order.driver ? (
                <DetailList
                  columns={1}
                  details={[
                    { label: t('admin.order.fleet.truck'), value: order.truckNumber ?? none },
                    { label: t('admin.order.fleet.driver'), value: order.driver?.name ?? none },
                    { label: t('admin.order.fleet.phone'), value: order.driver?.phone ?? none },
                  ]}
                />
              ) : (
                <p className="text-sm text-slate-600">{t('admin.order.fleet.none')}</p>
              )}
            </Card>
            <OrderPaymentCard
              words="admin"
              amount={{
                label: t('admin.order.payment.amount'),
                value: format.mad(order.payment.amount),
              }}
              payment={order.payment}
              more={[
                {
                  label: t('admin.order.payment.paidAt'),
                  value: dateTimeOr(order.payment.paidAt),
                },
                ...orderMoneyDetails(order, format.mad, t),
                ...(order.cashCollected === null
                  ? []
                  : [
                      {
                        label: t('admin.order.payment.cashCollected'),
                        value: cashCollectedText(order),
                      },
                    ]),
              ]}
            />
            <OrderTimelineCard
              title={t('admin.order.timeline.title')}
              events={order.timeline}
              emptyMessage={t('admin.order.timeline.empty')}
            />
          </>
        ),
      })}
    </OrderDetailPage>
  );
}
