import '../driver-strings';
import { useTranslation } from 'react-i18next';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import { useFormatters } from '../../../i18n/use-formatters';

/** The driver's last deliveries: a short record of the day, with the cash each one brought. */
export function DeliveredList({ orders }: { orders: DriverOrder[] }) {
  const { t } = useTranslation();
  const { mad, dateTime, city } = useFormatters();
  if (orders.length === 0) {
    return <p className="text-sm text-slate-600">{t('driver.page.noneDelivered')}</p>;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {orders.map((order) => (
        <li key={order.id} className="flex items-start justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="font-mono text-sm font-semibold text-slate-900 tabular-nums">
              {order.trackingNumber}
            </p>
            <p className="text-sm text-slate-600">
              {city(order.delivery.city)}
              {order.deliveredAt &&
                ` · ${t('driver.card.deliveredAt', { date: dateTime(order.deliveredAt) })}`}
            </p>
          </div>
          {order.cashCollected !== null && (
            <p className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
              {t('driver.card.cashCollected', { amount: mad(order.cashCollected) })}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
