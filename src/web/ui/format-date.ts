import { DATE_LOCALES, type Locale } from '#shared/i18n/locales';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function formatWith(options: Intl.DateTimeFormatOptions, date: Date, locale: Locale): string {
  const intlLocale = DATE_LOCALES[locale];
  const key = `${intlLocale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale, options);
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/** '5 Jan 2026' in the reader's time zone (fr '5 janv. 2026'). */
export function formatDate(iso: string, locale: Locale = 'en'): string {
  return formatWith({ dateStyle: 'medium' }, new Date(iso), locale);
}

/** '5 Jan 2026, 14:05' in the reader's time zone. */
export function formatDateTime(iso: string, locale: Locale = 'en'): string {
  return formatWith({ dateStyle: 'medium', timeStyle: 'short' }, new Date(iso), locale);
}

const ENGLISH_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

const pad = (value: number) => String(value).padStart(2, '0');

function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The back office's numeric dates: English keeps the specification's 'yyyy-MM-dd'
 * (docs/product.md, the Revenue table); other languages write their own numeric order.
 */
export function formatNumericDate(iso: string, locale: Locale = 'en'): string {
  const date = new Date(iso);
  if (locale === 'en') return isoDay(date);
  return formatWith({ year: 'numeric', month: '2-digit', day: '2-digit' }, date, locale);
}

/** 'yyyy-MM-dd HH:mm' in English (docs/product.md, the Users table); numeric elsewhere. */
export function formatNumericDateTime(iso: string, locale: Locale = 'en'): string {
  const date = new Date(iso);
  if (locale === 'en') return `${isoDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return formatWith(
    {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    },
    date,
    locale,
  );
}

/**
 * A chart's day tick, '5 Jan', for a calendar day 'yyyy-MM-dd' (read as local midnight, as
 * the day it names). English keeps 'Sep' where en-GB's Intl would write 'Sept'.
 */
export function formatDayMonth(day: string, locale: Locale = 'en'): string {
  const [year = 0, month = 1, dayOfMonth = 1] = day.slice(0, 10).split('-').map(Number);
  const date = new Date(year, month - 1, dayOfMonth);
  if (locale === 'en') return `${date.getDate()} ${ENGLISH_MONTHS[date.getMonth()]}`;
  return formatWith({ day: 'numeric', month: 'short' }, date, locale);
}
