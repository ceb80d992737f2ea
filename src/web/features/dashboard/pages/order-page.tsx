import '../dashboard-strings';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PackageSearch } from 'lucide-react';
import { getPaymentStatusTone } from '#shared/order-status';
import type { CustomerOrderDetail } from '#shared/schemas/order-schemas';
import { ApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import {
  BackLink,
  OrderIdsCard,
  OrderPlacedLead,
  OrderRouteCard,
  OrderTimelineCard,
  PaymentAmount,
} from '../../../ui/order-detail-sections';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import { useOrder } from '../api/dashboard-queries';
import { DeliveryCodePanel } from '../components/delivery-code-panel';
import { Card } from '../../../ui/card';
import { DetailList } from '../../../ui/detail-list';
import { PageHeader } from '../../../ui/page-header';
import { OrderMap } from '../../../ui/maps/order-map';

function OrderBackLink() {
  const { t } = useTranslation();
  return <BackLink to="/dashboard/orders">{t('dashboard.order.back')}</BackLink>;
}

function OrderDetails({ order }: { order: CustomerOrderDetail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const none = t('dashboard.common.none');
  const notYet = t('dashboard.common.notYet');
  const placeWith = (city: string, address: string | null) =>
    address ? `${format.city(city)}, ${address}` : format.city(city);
  return (
    <>
      <PageHeader
        before={<OrderBackLink />}
        title={t('dashboard.order.title')}
        lead={
          <OrderPlacedLead
            placedOn={t('dashboard.order.placedOn', { date: format.date(order.createdAt) })}
            status={order.status}
          />
        }
      />
      {/*
        Two columns on wide screens; on phones the cards form one column in the order a
        customer reads them (where is it, then what does it cost), hence the order classes.
      */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="contents lg:col-span-2 lg:flex lg:flex-col lg:gap-4">
          <OrderIdsCard
            trackingNumber={order.trackingNumber}
            orderId={order.id}
            cancelReason={order.cancelReason}
            labels={{
              trackingNumber: t('dashboard.order.trackingNumber'),
              orderId: t('dashboard.order.orderId'),
              cancelReason: t('dashboard.order.cancelReason'),
              copyTrackingNumber: t('dashboard.copy.trackingNumber'),
              copied: t('dashboard.copy.copied'),
              failed: t('dashboard.copy.failed'),
            }}
            className="order-1"
          />
          <DeliveryCodePanel code={order.deliveryCode} className="order-1" />
          <OrderRouteCard
            title={t('dashboard.order.route.title')}
            route={t('dashboard.common.route', {
              from: format.city(order.pickup_loc),
              to: format.city(order.delivery_loc),
            })}
            className="order-3"
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
                value: format.km(order.distance),
              },
              {
                label: t('dashboard.order.route.duration'),
                value: format.duration(order.durationMinutes),
              },
              {
                label: t('dashboard.order.route.exitDate'),
                value: order.exitDate ? format.dateTime(order.exitDate) : notYet,
              },
              {
                label: t('dashboard.order.route.estimatedDelivery'),
                value: order.estimatedDelivery ? format.dateTime(order.estimatedDelivery) : notYet,
              },
              {
                label: t('dashboard.order.route.deliveredOn'),
                value: order.delivery_date ? format.dateTime(order.delivery_date) : notYet,
              },
              {
                label: t('dashboard.order.route.truck'),
                value: order.truck?.truckNumber ?? notYet,
              },
            ]}
          />
          <OrderMap order={order} className="order-3" />
          <Card title={t('dashboard.order.cargo.title')} className="order-5">
            <DetailList
              details={[
                {
                  label: t('dashboard.order.cargo.sizes'),
                  value: t('dashboard.order.cargo.sizesValue', {
                    length: format.number(order.length, 0, 2),
                    width: format.number(order.width, 0, 2),
                    height: format.number(order.height, 0, 2),
                  }),
                },
                { label: t('dashboard.order.cargo.quantity'), value: order.quantity },
                { label: t('dashboard.order.cargo.weight'), value: format.kg(order.weight) },
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
          <OrderTimelineCard
            title={t('dashboard.order.timeline.title')}
            events={order.timeline}
            emptyMessage={t('dashboard.order.timeline.empty')}
            className="order-2"
          />
          <Card title={t('dashboard.order.payment.title')} className="order-4">
            <DetailList
              columns={1}
              details={[
                {
                  label: t('dashboard.order.payment.price'),
                  value: <PaymentAmount>{format.dh(order.totalPrice)}</PaymentAmount>,
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
      <PageHeader before={<OrderBackLink />} title={t('dashboard.order.notFoundTitle')} />
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

/**
 * /orders/:id (docs/product.md, decision 12): one order with its timeline,
 * route, cargo and payment.
 */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useOrder(id);

  if (query.isPending) {
    return (
      <>
        <PageHeader before={<OrderBackLink />} title={t('dashboard.order.title')} />
        <LoadingState />
      </>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <OrderNotFound />;
    return (
      <>
        <PageHeader before={<OrderBackLink />} title={t('dashboard.order.title')} />
        <ErrorState
          message={t('dashboard.order.loadFailed')}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  return <OrderDetails order={query.data} />;
}
