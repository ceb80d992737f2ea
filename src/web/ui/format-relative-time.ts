import { formatDistanceToNow } from 'date-fns';
import { DATE_LOCALES, type Locale } from '#shared/i18n/locales';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * 'about 2 hours ago', 'il y a 2 heures', 'قبل ساعتين'. English keeps date-fns's words, as the
 * back office has always written them; other languages read through Intl.RelativeTimeFormat, in
 * the largest whole unit. Kept apart from format-date so that only the screens that show a
 * relative time load date-fns.
 */
export function formatRelativeTime(iso: string, locale: Locale = 'en', now = Date.now()): string {
  const date = new Date(iso);
  if (locale === 'en') return formatDistanceToNow(date, { addSuffix: true });
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(DATE_LOCALES[locale], { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}
