import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderEventKind } from '#shared/order-lifecycle';
import type { OrderStatus } from '#shared/order-status';
import { useFormatters } from '../i18n/use-formatters';
import { useOrderStatusLabel } from './order-status-badge';

export interface TimelineEvent {
  status: OrderStatus;
  kind: OrderEventKind;
  at: string;
  location: string | null;
  note: string | null;
}

/** Steps that leave the order on the road are named by what happened, not by the status. */
const STEPS_ON_THE_ROAD: readonly OrderEventKind[] = [
  'picked-up',
  'delivery-failed',
  'rescheduled',
  'instructions-added',
];

/** Every step an order went through, oldest first, as the server recorded it. */
export function OrderTimeline({
  events,
  emptyMessage,
}: {
  events: readonly TimelineEvent[];
  emptyMessage: string;
}) {
  const { t } = useTranslation();
  const { dateTime, city } = useFormatters();
  const statusLabelOf = useOrderStatusLabel();
  const labelOf = (event: TimelineEvent) =>
    STEPS_ON_THE_ROAD.includes(event.kind)
      ? t(`ui.eventKinds.${event.kind}`)
      : statusLabelOf(event.status);
  if (events.length === 0) {
    return <p className="text-sm text-slate-600">{emptyMessage}</p>;
  }
  return (
    <ol className="relative ms-2 border-s-2 border-slate-200">
      {events.map((event, index) => {
        const latest = index === events.length - 1;
        return (
          <li key={`${event.at}-${event.kind}`} className="relative pb-5 ps-6 last:pb-0">
            <span
              aria-hidden="true"
              className={`absolute top-1 -start-[9px] size-4 rounded-full border-2 border-white ${
                latest ? 'bg-brand-800 ring-2 ring-brand-200' : 'bg-slate-400'
              }`}
            />
            <p className="font-semibold text-slate-900">{labelOf(event)}</p>
            <p className="text-sm text-slate-600 tabular-nums">
              <time dateTime={event.at}>{dateTime(event.at)}</time>
            </p>
            {event.location && (
              <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-600">
                <MapPin aria-hidden="true" className="size-3.5" />
                {city(event.location)}
              </p>
            )}
            {event.note && <p className="mt-1 text-sm text-slate-700">{event.note}</p>}
          </li>
        );
      })}
    </ol>
  );
}
