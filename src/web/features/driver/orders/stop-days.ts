import { DATE_LOCALES, type Locale } from '#shared/i18n/locales';
import type { DriverOrder } from '#shared/schemas/driver-schemas';

/** The postponed stops of one day (docs/decisions/0023-failed-deliveries-and-returns.md). */
export interface StopDay {
  /** YYYY-MM-DD, Morocco's day. */
  day: string;
  orders: DriverOrder[];
}

/**
 * The driver's round as the page shows it: today's stops (no day set, or a day already come) and
 * then the postponed ones under their day. The server's list is in that order already; this only
 * cuts it, keeping each part's order.
 */
export function splitByStopDay(
  onTheRoad: readonly DriverOrder[],
  today: string,
): { today: DriverOrder[]; later: StopDay[] } {
  const dueToday: DriverOrder[] = [];
  const later: StopDay[] = [];
  for (const order of onTheRoad) {
    const day = order.nextAttemptOn;
    if (!day || day <= today) {
      dueToday.push(order);
      continue;
    }
    const last = later.at(-1);
    if (last?.day === day) last.orders.push(order);
    else later.push({ day, orders: [order] });
  }
  return { today: dueToday, later };
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/** "Thursday 3 Dec" in the driver's language, for a calendar day (no time zone shifts it). */
export function formatStopDay(day: string, locale: Locale): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
      weekday: 'long',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${day}T12:00:00Z`));
}
