import '../dashboard-strings';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, PackageSearch } from 'lucide-react';
import { formatDh, formatKg } from '../../../../shared/format';
import { getPaymentStatusTone } from '../../../../shared/order-status';
import { formatDistanceText, formatDurationText } from '../../../../shared/pricing';
import type { CustomerOrderDetail } from '../../../../shared/schemas/order-schemas';
import { ApiError } from '../../../app/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { CopyButton } from '../../../ui/copy-button';
import { formatDate, formatDateTime } from '../../../ui/format-date';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { OrderTimeline } from '../../../ui/order-timeline';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import { useOrder } from '../api/dashboard-queries';
import { Card } from '../../../ui/card';
import { DetailList } from '../../../ui/detail-list';
import { PageHeader } from '../components/page-header';
import { formatCmValue } from '../format-cm';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/dashboard/orders"
      className="-ml-1 mb-2 inline-flex min-h-10 items-center gap-1.5 rounded px-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('dashboard.order.back')}
    </Link>
  );
}

function OrderDetails({ order }: { order: CustomerOrderDetail }) {
  const { t } = useTranslation();
  const none = t('dashboard.common.none');
  const notYet = t('dashboard.common.notYet');
  const placeWith = (city: string, address: string | null) =>
    address ? `${city}, ${address}` : city;
  return (
    <>
      <PageHeader
        before={<BackLink />}
        title={t('dashboard.order.title')}
        lead={
          <span className="flex flex-wrap items-center gap-3">
            {t('dashboard.order.placedOn', { date: formatDate(order.createdAt) })}
            <OrderStatusBadge status={order.status} />
          </span>
        }
      />
      {/*
        Two columns on wide screens; on phones the cards form one column in the order a
        customer reads them (where is it, then what does it cost), hence the order classes.
      */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="contents lg:col-span-2 lg:flex lg:flex-col lg:gap-4">
          <Card className="order-1">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div className="min-w-0">
                <p className="text-xs font-medium text-slate-500">
                  {t('dashboard.order.trackingNumber')}
                </p>
                <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-mono text-lg font-semibold text-slate-900 tabular-nums">
                    {order.trackingNumber}
                  </span>
                  <CopyButton
                    value={order.trackingNumber}
                    label={t('dashboard.copy.trackingNumber')}
                    copiedLabel={t('dashboard.copy.copied')}
                    failedLabel={t('dashboard.copy.failed')}
                  />
                </div>
              </div>
              <div className="min-w-0">
                <p className="text-xs font-medium text-slate-500">{t('dashboard.order.orderId')}</p>
                <p className="mt-1 font-mono text-xs break-all text-slate-700">{order.id}</p>
              </div>
            </div>
            {order.cancelReason && (
              <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
                <span className="font-semibold">{t('dashboard.order.cancelReason')}: </span>
                {order.cancelReason}
              </p>
            )}
          </Card>
          <Card title={t('dashboard.order.route.title')} className="order-3">
            <p className="mb-4 text-lg font-semibold text-slate-900">
              {t('dashboard.common.route', { from: order.pickup_loc, to: order.delivery_loc })}
            </p>
            <DetailList
              details={[
                {
                  label: t('dashboard.order.route.pickup'),
                  value: placeWith(order.pickup_loc, order.pickup_address),
                },
                {
                  label: t('dashboard.order.route.delivery'),
                  value: placeWith(order.delivery_loc, order.delivery_address),
                },
                {
                  label: t('dashboard.order.route.distance'),
                  value: formatDistanceText(order.distance),
                },
                {
                  label: t('dashboard.order.route.duration'),
                  value: formatDurationText(order.durationMinutes),
                },
                {
                  label: t('dashboard.order.route.exitDate'),
                  value: order.exitDate ? formatDateTime(order.exitDate) : notYet,
                },
                {
                  label: t('dashboard.order.route.estimatedDelivery'),
                  value: order.estimatedDelivery ? formatDateTime(order.estimatedDelivery) : notYet,
                },
                {
                  label: t('dashboard.order.route.deliveredOn'),
                  value: order.delivery_date ? formatDateTime(order.delivery_date) : notYet,
                },
                {
                  label: t('dashboard.order.route.truck'),
                  value: order.truck?.truckNumber ?? notYet,
                },
              ]}
            />
          </Card>
          <Card title={t('dashboard.order.cargo.title')} className="order-5">
            <DetailList
              details={[
                {
                  label: t('dashboard.order.cargo.sizes'),
                  value: t('dashboard.order.cargo.sizesValue', {
                    length: formatCmValue(order.length),
                    width: formatCmValue(order.width),
                    height: formatCmValue(order.height),
                  }),
                },
                { label: t('dashboard.order.cargo.quantity'), value: order.quantity },
                { label: t('dashboard.order.cargo.weight'), value: formatKg(order.weight) },
                {
                  label: t('dashboard.order.cargo.cargoType'),
                  value: t(`dashboard.cargoTypes.${order.cargoType}`),
                },
                {
                  label: t('dashboard.order.cargo.priority'),
                  value: t(`dashboard.priorities.${order.priority}`),
                },
                {
                  label: t('dashboard.order.cargo.shipmentInfo'),
                  value: order.shipment_info ?? none,
                },
                { label: t('dashboard.order.cargo.notes'), value: order.shipment_note ?? none },
              ]}
            />
          </Card>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-4">
          <Card title={t('dashboard.order.timeline.title')} className="order-2">
            <OrderTimeline
              events={order.timeline}
              emptyMessage={t('dashboard.order.timeline.empty')}
            />
          </Card>
          <Card title={t('dashboard.order.payment.title')} className="order-4">
            <DetailList
              columns={1}
              details={[
                {
                  label: t('dashboard.order.payment.price'),
                  value: (
                    <span className="text-xl font-bold text-slate-900">
                      {formatDh(order.totalPrice)}
                    </span>
                  ),
                },
                {
                  label: t('dashboard.order.payment.method'),
                  value: t(`dashboard.paymentMethods.${order.payment.method}`),
                },
                {
                  label: t('dashboard.order.payment.status'),
                  value: (
                    <StatusBadge tone={getPaymentStatusTone(order.payment.status)}>
                      {t(`dashboard.paymentStatuses.${order.payment.status}`)}
                    </StatusBadge>
                  ),
                },
              ]}
            />
          </Card>
          <Card title={t('dashboard.order.receiver.title')} className="order-6">
            <DetailList
              columns={1}
              details={[
                { label: t('dashboard.order.receiver.name'), value: order.receiverName ?? none },
                { label: t('dashboard.order.receiver.phone'), value: order.receiverPhone ?? none },
                { label: t('dashboard.order.receiver.email'), value: order.receiverEmail ?? none },
              ]}
            />
          </Card>
        </div>
      </div>
    </>
  );
}

function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader before={<BackLink />} title={t('dashboard.order.notFoundTitle')} />
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
        <PackageSearch aria-hidden="true" className="size-8 text-slate-400" />
        <p className="text-slate-700">{t('dashboard.order.notFoundBody')}</p>
        <Link to="/dashboard/orders" className={buttonClassName('primary')}>
          {t('dashboard.order.back')}
        </Link>
      </div>
    </>
  );
}

/** /orders/:id (DESIGN decision 12): one order with its timeline, route, cargo and payment. */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useOrder(id);

  if (query.isPending) {
    return (
      <>
        <PageHeader before={<BackLink />} title={t('dashboard.order.title')} />
        <LoadingState />
      </>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <OrderNotFound />;
    return (
      <>
        <PageHeader before={<BackLink />} title={t('dashboard.order.title')} />
        <ErrorState
          message={t('dashboard.order.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  return <OrderDetails order={query.data} />;
}
