import '../admin-strings';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Ban, Check, PackageCheck, PackageSearch } from 'lucide-react';
import {
  formatKg,
  formatMad,
  humanizeEnum,
  shortenIdForDashboard,
} from '../../../../shared/format';
import { getPaymentStatusTone } from '../../../../shared/order-status';
import { formatDistanceText } from '../../../../shared/pricing';
import type { AdminOrderDetail } from '../../../../shared/schemas/admin-schemas';
import { ApiError } from '../../../app/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { CopyButton } from '../../../ui/copy-button';
import { DetailList } from '../../../ui/detail-list';
import { formatDate, formatDateTime } from '../../../ui/format-date';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { OrderTimeline } from '../../../ui/order-timeline';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import { describeActionError } from '../admin-errors';
import { useAdminOrder, useUpdateOrderStatus } from '../api/admin-api';
import { AdminPageHeader } from '../components/admin-page-header';
import { notifyError, notifySuccess } from '../components/admin-toasts';
import { CancelOrderDialog } from '../components/cancel-order-dialog';
import { ConfirmOrderDialog } from '../components/confirm-order-dialog';
import { useAdminListErrorText } from '../use-admin-error-text';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/admin/orders"
      className="-ml-1 mb-2 inline-flex min-h-10 items-center gap-1.5 rounded px-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('admin.order.back')}
    </Link>
  );
}

/** What the admin may do next (SPEC section 4): the same actions as the list screens. */
function OrderActions({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const update = useUpdateOrderStatus();
  const [dialog, setDialog] = useState<'confirm' | 'cancel' | null>(null);
  const close = () => setDialog(null);
  if (order.status !== 'PENDING' && order.status !== 'IN_TRANSIT') return null;
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
      {pending ? (
        <button
          type="button"
          onClick={() => setDialog('confirm')}
          className={buttonClassName('primary')}
        >
          <Check aria-hidden="true" className="size-4" />
          {t('admin.confirmation.confirm')}
        </button>
      ) : (
        <button
          type="button"
          onClick={deliver}
          disabled={update.isPending}
          className={buttonClassName('primary')}
        >
          <PackageCheck aria-hidden="true" className="size-4" />
          {t('admin.tracking.actions.deliver')}
        </button>
      )}
      <button
        type="button"
        onClick={() => setDialog('cancel')}
        className={buttonClassName('secondary')}
      >
        <Ban aria-hidden="true" className="size-4" />
        {t('admin.tracking.actions.cancel')}
      </button>
      {dialog === 'confirm' && <ConfirmOrderDialog order={order} onClose={close} />}
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

function OrderDetails({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const notYet = t('admin.order.notYet');
  const none = t('admin.common.none');
  const dateTimeOr = (iso: string | null) => (iso ? formatDateTime(iso) : notYet);
  return (
    <>
      <AdminPageHeader
        before={<BackLink />}
        title={t('admin.order.title', {
          id: t('admin.common.hashId', { id: shortenIdForDashboard(order.id) }),
        })}
        lead={
          <span className="flex flex-wrap items-center gap-3">
            {t('admin.order.placedOn', { date: formatDate(order.createdAt) })}
            <OrderStatusBadge status={order.status} />
          </span>
        }
        actions={<OrderActions order={order} />}
      />
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <Card>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div className="min-w-0">
                <p className="text-xs font-medium text-slate-500">
                  {t('admin.order.trackingNumber')}
                </p>
                <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-mono text-lg font-semibold text-slate-900 tabular-nums">
                    {order.trackingNumber}
                  </span>
                  <CopyButton
                    value={order.trackingNumber}
                    label={t('admin.copy.trackingNumber')}
                    copiedLabel={t('admin.copy.copied')}
                    failedLabel={t('admin.copy.failed')}
                  />
                </div>
              </div>
              <div className="min-w-0">
                <p className="text-xs font-medium text-slate-500">{t('admin.order.orderId')}</p>
                <div className="mt-1 flex items-center gap-2">
                  <span className="font-mono text-xs break-all text-slate-700">{order.id}</span>
                  <CopyButton
                    value={order.id}
                    label={t('admin.copy.orderId')}
                    copiedLabel={t('admin.copy.copied')}
                    failedLabel={t('admin.copy.failed')}
                  />
                </div>
              </div>
            </div>
            {order.cancellationReason && (
              <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
                <span className="font-semibold">{t('admin.order.cancelReason')}: </span>
                {order.cancellationReason}
              </p>
            )}
          </Card>
          <Card title={t('admin.order.route.title')}>
            <p className="mb-4 text-lg font-semibold text-slate-900">
              {t('admin.common.route', { from: order.pickup_loc, to: order.delivery_loc })}
            </p>
            <DetailList
              details={[
                { label: t('admin.order.route.pickup'), value: order.origin.address },
                { label: t('admin.order.route.delivery'), value: order.destination.address },
                {
                  label: t('admin.order.route.distance'),
                  value: formatDistanceText(order.distance),
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
          </Card>
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
                    value: order.user.userType ? t(`admin.userTypes.${order.user.userType}`) : none,
                  },
                ]}
              />
            </Card>
            <Card title={t('admin.order.cargo.title')}>
              <DetailList
                columns={1}
                details={[
                  { label: t('admin.order.cargo.weight'), value: formatKg(order.weight) },
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
        </div>
        <div className="flex flex-col gap-4">
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
          <Card title={t('admin.order.payment.title')}>
            <DetailList
              columns={1}
              details={[
                {
                  label: t('admin.order.payment.amount'),
                  value: (
                    <span className="text-xl font-bold text-slate-900">
                      {formatMad(order.payment.amount)}
                    </span>
                  ),
                },
                {
                  label: t('admin.order.payment.method'),
                  value: humanizeEnum(order.payment.method),
                },
                {
                  label: t('admin.order.payment.status'),
                  value: (
                    <StatusBadge tone={getPaymentStatusTone(order.payment.status)}>
                      {order.payment.status}
                    </StatusBadge>
                  ),
                },
                {
                  label: t('admin.order.payment.paidAt'),
                  value: dateTimeOr(order.payment.paidAt),
                },
              ]}
            />
          </Card>
          <Card title={t('admin.order.timeline.title')}>
            <OrderTimeline events={order.timeline} emptyMessage={t('admin.order.timeline.empty')} />
          </Card>
        </div>
      </div>
    </>
  );
}

/** /admin/orders/:id: one order with its customer, truck, driver, payment and timeline. */
export function AdminOrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const describeError = useAdminListErrorText();
  const query = useAdminOrder(id);

  if (query.isSuccess) return <OrderDetails order={query.data} />;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  let body;
  if (query.isPending) {
    body = <LoadingState />;
  } else if (notFound) {
    body = (
      <EmptyState
        message={t('admin.order.notFoundBody')}
        action={
          <Link to="/admin/orders" className={buttonClassName('primary')}>
            <PackageSearch aria-hidden="true" className="size-4" />
            {t('admin.order.back')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <ErrorState
        message={describeError(query.error, t('admin.order.loadFailed'))}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <>
      <AdminPageHeader
        before={<BackLink />}
        title={
          notFound
            ? t('admin.order.notFoundTitle')
            : t('admin.order.title', {
                id: t('admin.common.hashId', { id: shortenIdForDashboard(id) }),
              })
        }
      />
      {body}
    </>
  );
}
