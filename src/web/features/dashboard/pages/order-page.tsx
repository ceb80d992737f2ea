import '../dashboard-strings';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/use-formatters';
import {
  OrderIdsCard,
  OrderPlacedLead,
  OrderRouteCard,
  OrderTimelineCard,
  OrderPaymentCard,
  orderMoneyDetails,
} from '../../../ui/order-detail-sections';
import { useOrder } from '../api/dashboard-queries';
import { CancelOrderButton } from '../components/cancel-order-button';
import { DeliveryCodePanel } from '../components/delivery-code-panel';
import { NewOrderLink } from '../components/new-order-link';
import { OrderAttemptsCard } from '../components/order-attempts-card';
import { OrderDecisionPanel } from '../components/order-decision-panel';
import { PrintOrderLabel } from '../components/print-order-label';
import { Card } from '../../../ui/card';
import { DetailList } from '../../../ui/detail-list';
import { OrderDetailPage } from '../../../ui/order-detail-page';
import { OrderMap } from '../../../ui/maps/order-map';
import { routeText } from '../order-route';

/**
 * /orders/:id (docs/product.md, decision 12): one order with its timeline,
 * route, cargo and payment.
 */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useOrder(id);
  const format = useFormatters();
  const none = t('dashboard.common.none');
  const notYet = t('dashboard.common.notYet');
  const placeWith = (city: string, address: string | null) =>
    address ? `${format.city(city)}, ${address}` : format.city(city);
  return (
    <OrderDetailPage
      query={query}
      back={{ to: '/dashboard/orders', label: t('dashboard.order.back') }}
      title={t('dashboard.order.title')}
      notFound={{
        title: t('dashboard.order.notFoundTitle'),
        message: t('dashboard.order.notFoundBody'),
      }}
      errorText={() => t('dashboard.order.loadFailed')}
    >
      {(order) => ({
        title: t('dashboard.order.title'),
        lead: (
          <OrderPlacedLead
            placedOn={t('dashboard.order.placedOn', { date: format.date(order.createdAt) })}
            status={order.status}
            source={order.source}
          />
        ),
        actions: (
          <div className="flex flex-wrap items-start gap-2">
            <PrintOrderLabel orderId={order.id} status={order.status} />
            <CancelOrderButton orderId={order.id} status={order.status} />
            {order.status === 'DELIVERED' && (
              <NewOrderLink search={`?exchangeOf=${order.id}`} variant="secondary">
                {t('dashboard.order.exchange')}
              </NewOrderLink>
            )}
          </div>
        ),
        // On phones the cards form one column in the order a customer reads them (where is
        // it, then what does it cost), hence their order classes.
        main: (
          <>
            <OrderIdsCard
              words="dashboard"
              trackingNumber={order.trackingNumber}
              orderId={order.id}
              cancelReason={order.cancelReason}
              className="order-1"
            />
            <OrderDecisionPanel order={order} className="order-1" />
            <DeliveryCodePanel code={order.deliveryCode} className="order-1" />
            <DeliveryCodePanel code={order.returnCode} kind="returnCode" className="order-1" />
            <OrderAttemptsCard order={order} className="order-1" />
            <OrderRouteCard
              title={t('dashboard.order.route.title')}
              route={routeText(t, format.city, order)}
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
                  value: order.estimatedDelivery
                    ? format.dateTime(order.estimatedDelivery)
                    : notYet,
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
          </>
        ),
        aside: (
          <>
            <OrderTimelineCard
              title={t('dashboard.order.timeline.title')}
              events={order.timeline}
              emptyMessage={t('dashboard.order.timeline.empty')}
              className="order-2"
            />
            <OrderPaymentCard
              words="dashboard"
              amount={{
                label: t('dashboard.order.payment.price'),
                value: format.dh(order.totalPrice),
              }}
              payment={order.payment}
              more={orderMoneyDetails(order, format.dh, t)}
              className="order-4"
            />
            <Card title={t('dashboard.order.receiver.title')} className="order-6">
              <DetailList
                columns={1}
                details={[
                  { label: t('dashboard.order.receiver.name'), value: order.receiverName ?? none },
                  {
                    label: t('dashboard.order.receiver.phone'),
                    value: order.receiverPhone ?? none,
                  },
                  {
                    label: t('dashboard.order.receiver.email'),
                    value: order.receiverEmail ?? none,
                  },
                ]}
              />
            </Card>
          </>
        ),
      })}
    </OrderDetailPage>
  );
}
