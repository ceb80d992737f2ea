import { useTranslation } from 'react-i18next';
import { Banknote, KeyRound, PackageOpen, CalendarDays, TriangleAlert } from 'lucide-react';
import { ORDER_STATUS_TONES } from '#shared/order-status';
import type { ReceiverParcel } from '#shared/schemas/returns-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { StatusBadge } from '../../../ui/status-badge';
import { formatCalendarDay } from '#shared/format';

/** What the receiver may know of their parcel: its state, what to pay, what comes next. */
export function ParcelSummary({ parcel }: { parcel: ReceiverParcel }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const line = 'flex items-start gap-3 text-slate-800';
  const icon = 'mt-0.5 size-5 shrink-0 text-brand-700';
  return (
    <section aria-labelledby="receiver-parcel" className="rounded-2xl bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="receiver-parcel" className="text-lg font-bold text-slate-900">
          {t('receiver.parcel.heading', { number: parcel.trackingNumber })}
        </h1>
        <StatusBadge tone={ORDER_STATUS_TONES[parcel.status]}>
          {t(`receiver.status.${parcel.status}`)}
        </StatusBadge>
      </div>
      <p className="mt-1 text-slate-600">
        {t('receiver.parcel.to', { city: format.city(parcel.deliveryCity) })}
      </p>

      <div className="mt-4 rounded-xl bg-slate-50 p-4">
        {parcel.amountToPay > 0 ? (
          <>
            <p className="text-sm text-slate-600">{t('receiver.parcel.amountToPay')}</p>
            <p className="text-2xl font-bold text-slate-900 tabular-nums">
              {format.dh(parcel.amountToPay)}
            </p>
          </>
        ) : (
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <Banknote aria-hidden="true" className="size-5 text-brand-700" />
            {t('receiver.parcel.nothingToPay')}
          </p>
        )}
      </div>

      <ul className="mt-4 flex flex-col gap-3">
        {parcel.hasDeliveryCode && (
          <li className={line}>
            <KeyRound aria-hidden="true" className={icon} />
            {t('receiver.parcel.deliveryCode')}
          </li>
        )}
        {parcel.allowOpen && (
          <li className={line}>
            <PackageOpen aria-hidden="true" className={icon} />
            {t('receiver.parcel.allowOpen')}
          </li>
        )}
        {parcel.failedAttempts > 0 && (
          <li className={line}>
            <TriangleAlert aria-hidden="true" className={icon} />
            {t('receiver.parcel.failedAttempts', { count: parcel.failedAttempts })}
          </li>
        )}
        {parcel.nextAttemptOn && parcel.status === 'IN_TRANSIT' && (
          <li className={line}>
            <CalendarDays aria-hidden="true" className={icon} />
            {t('receiver.parcel.nextAttempt', {
              day: formatCalendarDay(parcel.nextAttemptOn, format.locale),
            })}
          </li>
        )}
      </ul>
      {parcel.instructions && (
        <p className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-700">
          {t('receiver.parcel.instructions', { text: parcel.instructions })}
        </p>
      )}
      {parcel.status === 'RETURNING' && (
        <p className="mt-4 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-900">
          {t('receiver.parcel.returning')}
        </p>
      )}
    </section>
  );
}
