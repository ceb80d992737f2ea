import { DATE_LOCALES, type Locale } from '#shared/i18n/locales';

/**
 * 'mardi 2 décembre' for a calendar day 'yyyy-MM-dd' in the reader's language. The day is read at
 * noon UTC and written in UTC, so no time zone moves it to its neighbour.
 */
export function formatCalendarDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}
