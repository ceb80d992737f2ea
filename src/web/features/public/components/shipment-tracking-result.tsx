import '../public-pages-strings';
import { useTranslation } from 'react-i18next';
import { ArrowRight, HandCoins, MapPin, Navigation } from 'lucide-react';
import { FINAL_ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import type { PublicTracking } from '#shared/schemas/order-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { OrderStatusBadge, useOrderStatusLabel } from '../../../ui/order-status-badge';
import { OrderMap } from '../../../ui/maps/order-map';

/** Where the receiver has nothing (more) to pay: the journey ended, or turned back. */
const UNPAID_STATUSES: readonly OrderStatus[] = [...FINAL_ORDER_STATUSES, 'RETURNING'];

/**
 * What the public look-up shows (docs/product.md, decision 12): status, cities, dates and timeline
 * of a shipment, and nothing personal.
 */
export function ShipmentTrackingResult({ shipment }: { shipment: PublicTracking }) {
  const { t } = useTranslation();
  const { dateTime, city, dh } = useFormatters();
  // The receiver readies the cash while the parcel is on its way (docs/decisions/0020-merchant-money.md);
  // nothing is collected once it goes back to its sender (docs/decisions/0023).
  const toPay = shipment.amountToCollect > 0 && !UNPAID_STATUSES.includes(shipment.status);
  const labelOf = useOrderStatusLabel();
  const dates = [
    ['created', shipment.createdAt],
    ['exit', shipment.exitDate],
    ['estimated', shipment.estimatedDelivery],
    ['delivered', shipment.delivery_date],
  ] as const;

  return (
    <article aria-labelledby="shipment-title" className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="shipment-title" className="text-lg font-semibold text-slate-900">
          {t('public.track.shipment')}{' '}
          <span className="font-mono tabular-nums">{shipment.trackingNumber}</span>
        </h2>
        <OrderStatusBadge status={shipment.status} />
      </header>

      <dl className="grid grid-cols-[1fr_auto_1fr] items-center gap-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {t('public.track.from')}
          </dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">{city(shipment.pickup_loc)}</dd>
        </div>
        <ArrowRight aria-hidden="true" className="size-5 text-brand-700 rtl:-scale-x-100" />
        <div className="text-end">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {t('public.track.to')}
          </dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">
            {city(shipment.delivery_loc)}
          </dd>
        </div>
      </dl>

      {toPay && (
        <p
          data-testid="to-pay-at-delivery"
          className="flex items-center gap-2 rounded-lg border border-accent-300 bg-amber-50 px-4 py-3 font-semibold text-slate-900"
        >
          <HandCoins aria-hidden="true" className="size-5 shrink-0 text-accent-600" />
          {t('orderMoney.toPayAtDelivery', { amount: dh(shipment.amountToCollect) })}
        </p>
      )}

      <OrderMap order={shipment} headingLevel={3} />

      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <div className="flex items-start gap-2 sm:col-span-2">
          <Navigation aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <div>
            <dt className="text-sm text-slate-600">{t('public.track.currentLocation')}</dt>
            <dd className="font-semibold text-slate-900">{city(shipment.currentLocation)}</dd>
          </div>
        </div>
        {dates.map(([key, value]) => (
          <div key={key}>
            <dt className="text-sm text-slate-600">{t(`public.track.dates.${key}`)}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">
              {value ? dateTime(value) : t('public.track.notYet')}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="timeline-title">
        <h3 id="timeline-title" className="font-semibold text-slate-900">
          {t('public.track.timeline')}
        </h3>
        <ol className="mt-3 space-y-4 border-s-2 border-brand-100 ps-5">
          {shipment.timeline.map((event) => (
            <li key={`${event.status}-${event.at}`} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -start-[1.6rem] size-3 rounded-full bg-brand-700 ring-4 ring-white"
              />
              <p className="font-semibold text-slate-900">{labelOf(event.status)}</p>
              <p className="text-sm text-slate-600 tabular-nums">
                {dateTime(event.at)}
                {event.location && (
                  <span className="ms-2 inline-flex items-center gap-1">
                    <MapPin aria-hidden="true" className="size-3.5" />
                    {city(event.location)}
                  </span>
                )}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <p className="text-xs text-slate-500">{t('public.track.privacyNote')}</p>
    </article>
  );
}
