/**
 * Calendar days as the business counts them. A licence expiring "on the 12th" or the orders of
 * "today" turn over at midnight in Morocco, not at midnight UTC, so every day-level rule of the
 * product (document expiry, the dashboard chart) goes through these functions.
 * Dates are ISO `yyyy-MM-dd` strings: they compare correctly as text.
 */
export const BUSINESS_TIME_ZONE = 'Africa/Casablanca';

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const businessDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Morocco at this instant. */
export function toBusinessDate(instant: Date): string {
  const parts = Object.fromEntries(
    businessDayFormat.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const HOUR_MS = 3_600_000;
/** No time zone is further than this from UTC. */
const MAX_OFFSET_HOURS = 14;
const dayStartByDate = new Map<string, Date>();
/** Days remembered: decades of them, far more than any chart asks for. */
const DAYS_KEPT = 10_000;

/**
 * The first whole UTC hour of a business day (Morocco's offset is a whole number of hours): where
 * the day begins in counters kept per UTC hour. Remembered: the admin chart asks for the same
 * month of days on every request, and finding one costs up to 29 Intl calls of ~10 µs.
 */
export function businessDayStart(date: string): Date {
  const known = dayStartByDate.get(date);
  if (known) return new Date(known);
  const { year, month, day } = parseIsoDate(date);
  const utcMidnight = Date.UTC(year, month - 1, day);
  for (let hours = -MAX_OFFSET_HOURS; hours <= MAX_OFFSET_HOURS; hours += 1) {
    const hourStart = new Date(utcMidnight + hours * HOUR_MS);
    if (toBusinessDate(hourStart) === date) {
      if (dayStartByDate.size >= DAYS_KEPT) dayStartByDate.clear();
      dayStartByDate.set(date, hourStart);
      return new Date(hourStart);
    }
  }
  throw new RangeError(`No hour of ${date} in ${BUSINESS_TIME_ZONE}`);
}

function parseIsoDate(date: string): { year: number; month: number; day: number } {
  const match = ISO_DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not an ISO date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function formatUtcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parseIsoDate(date);
  return formatUtcDate(new Date(Date.UTC(year, month - 1, day + days)));
}

/** A month later on the same day, or the month's last day when it is shorter (29 Feb → 28 Feb). */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = parseIsoDate(date);
  const lastDayOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return formatUtcDate(
    new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDayOfTarget))),
  );
}

/** The `count` days ending with `lastDay`, oldest first. */
export function listDaysUpTo(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(lastDay, index - count + 1));
}
