import '../dashboard-strings';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { shortenIdForDashboard } from '#shared/format';
import type { CustomerOrder } from '#shared/schemas/order-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { DetailList } from '../../../ui/detail-list';
import { OrderIdLink } from '../components/order-id-link';
import { OrderListScreen } from '../components/order-list-screen';
import { OrderCheckbox, type OrderSelection } from '../components/print-labels-bar';
import { NewOrderLink } from '../components/new-order-link';
import { routeText } from '../order-route';

function OrderRow({
  order,
  selection,
}: {
  order: CustomerOrder;
  selection: OrderSelection | null;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const none = t('dashboard.common.none');
  return (
    <li className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 p-4 md:grid-cols-[9rem_1fr_7rem_7rem_8rem_auto]">
        <span className="inline-flex items-center gap-3">
          {selection && <OrderCheckbox order={order} selection={selection} />}
          <OrderIdLink id={order.id} form="dashboard" />
        </span>
        <div className="md:order-last">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((shown) => !shown)}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            {t('dashboard.orders.details')}
            <span className="sr-only">
              {t('dashboard.orders.detailsFor', { id: shortenIdForDashboard(order.id) })}
            </span>
            <ChevronDown
              aria-hidden="true"
              className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
            />
          </button>
        </div>
        <p className="col-span-2 font-semibold text-slate-900 md:col-span-1">
          {routeText(t, format.city, order)}
        </p>
        <p className="text-sm text-slate-600 tabular-nums">{format.date(order.createdAt)}</p>
        <p className="text-end text-sm font-semibold text-slate-900 tabular-nums">
          {format.dh(order.totalPrice)}
        </p>
        <div className="md:text-end">
          <OrderStatusBadge status={order.status} />
        </div>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-slate-100 px-4 py-4">
        <DetailList
          columns={4}
          details={[
            { label: t('dashboard.orders.fields.shipmentRange'), value: order.shipment_range },
            { label: t('dashboard.orders.fields.length'), value: format.cm(order.length) },
            { label: t('dashboard.orders.fields.width'), value: format.cm(order.width) },
            { label: t('dashboard.orders.fields.height'), value: format.cm(order.height) },
            { label: t('dashboard.orders.fields.quantity'), value: order.quantity },
            { label: t('dashboard.orders.fields.weight'), value: format.kg(order.weight) },
            { label: t('dashboard.orders.fields.price'), value: format.dh(order.totalPrice) },
            {
              label: t('dashboard.orders.fields.deliveryDate'),
              value: order.delivery_date
                ? format.date(order.delivery_date)
                : t('dashboard.orders.notDelivered'),
            },
            {
              label: t('dashboard.orders.fields.shipmentInfo'),
              value: order.shipment_info ?? none,
            },
            { label: t('dashboard.orders.fields.notes'), value: order.shipment_note ?? none },
          ]}
        />
        <Link to={`/orders/${order.id}`} className={`${buttonClassName('secondary')} mt-4`}>
          {t('dashboard.orders.openOrder')}
        </Link>
      </div>
    </li>
  );
}

/** docs/product.md, section 2: every order, each linking to its page and opening to its details. */
export function OrdersPage() {
  const { t } = useTranslation();
  return (
    <OrderListScreen
      list="orders"
      screen="orders"
      caption={t('dashboard.orders.title')}
      emptyAction={<NewOrderLink>{t('dashboard.orders.create')}</NewOrderLink>}
      describeError={() => t('dashboard.orders.loadFailed')}
      cards={(orders, _className, selection) => (
        <ul aria-label={t('dashboard.orders.title')} className="flex flex-col gap-3">
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} selection={selection} />
          ))}
        </ul>
      )}
    />
  );
}
