import type { CustomerOrder } from '#shared/schemas/order-schemas';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/use-formatters';
import type { OrderColumn } from './order-columns';
import { OrderIdLink } from './order-id-link';
import { OrderCheckbox, type OrderSelection } from './print-labels-bar';
import { routeText } from '../order-route';

interface OrderCardsProps {
  /** Names the list for screen readers. */
  label: string;
  orders: readonly CustomerOrder[];
  /** The figures under the route, in the table's words. */
  fields: readonly OrderColumn[];
  className?: string;
  /** Where the orders can be ticked for their labels. */
  selection?: OrderSelection | null;
}

/** The phone form of an order table: one card per order, id and status on top, then the route. */
export function OrderCards({ label, orders, fields, className = '', selection }: OrderCardsProps) {
  const { t } = useTranslation();
  const { city } = useFormatters();
  return (
    <ul aria-label={label} className={`flex flex-col gap-3 ${className}`}>
      {orders.map((order) => (
        <li key={order.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-center justify-between gap-3">
            <span className="inline-flex items-center gap-3">
              {selection && <OrderCheckbox order={order} selection={selection} />}
              <OrderIdLink id={order.id} form="mobile" />
            </span>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="mt-1 font-semibold text-slate-900">{routeText(t, city, order)}</p>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
            {fields.map((field) => (
              <div key={field.id} className="min-w-0">
                <dt className="text-xs text-slate-500">{field.header}</dt>
                <dd className="text-sm break-words text-slate-800 tabular-nums">
                  {field.cell(order)}
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
