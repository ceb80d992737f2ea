import { useTranslation } from 'react-i18next';
import { cityLabel } from '#shared/cities';
import {
  formatCm,
  formatDh,
  formatDuration,
  formatKg,
  formatKm,
  formatMad,
  formatTonnes,
} from '#shared/format';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/i18n/locales';
import { formatDecimal } from '#shared/numbers';
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatNumericDate,
  formatNumericDateTime,
} from '../ui/format-date';

/** Numbers, money, units, dates and city names in one language (docs/decisions/0010-languages.md). */
export interface Formatters {
  locale: Locale;
  /** '1,234.50 MAD': back-office money. */
  mad(amount: number): string;
  /** '1,234.50 Dh': customer money. */
  dh(amount: number): string;
  kg(kg: number): string;
  tonnes(kg: number): string;
  /** Grouped figures; 0 to 2 decimals unless told. */
  number(value: number, minimumFractionDigits?: number, maximumFractionDigits?: number): string;
  /** '5 Jan 2026'. */
  date(iso: string): string;
  /** '5 Jan 2026, 14:05'. */
  dateTime(iso: string): string;
  /** 'yyyy-MM-dd' in English, the back office's tables. */
  numericDate(iso: string): string;
  /** 'yyyy-MM-dd HH:mm' in English. */
  numericDateTime(iso: string): string;
  /** '5 Jan' for a calendar day 'yyyy-MM-dd': chart ticks. */
  dayMonth(day: string): string;
  km(km: number): string;
  /** Parcel sizes: '30 cm'. */
  cm(cm: number): string;
  /** Minutes as '2 h 5 min'. */
  duration(minutes: number): string;
  /** A canonical city name as the reader names it ('Tangier' → 'Tanger', 'طنجة'). */
  city(name: string): string;
  /** A place the API wrote as 'street, City' or 'City', its city in the reader's words. */
  place(place: { city: string; address: string }): string;
}

function createFormatters(locale: Locale): Formatters {
  return {
    locale,
    mad: (amount) => formatMad(amount, locale),
    dh: (amount) => formatDh(amount, locale),
    kg: (kg) => formatKg(kg, locale),
    tonnes: (kg) => formatTonnes(kg, locale),
    number: (value, minimum = 0, maximum = 2) => formatDecimal(value, minimum, maximum, locale),
    date: (iso) => formatDate(iso, locale),
    dateTime: (iso) => formatDateTime(iso, locale),
    numericDate: (iso) => formatNumericDate(iso, locale),
    numericDateTime: (iso) => formatNumericDateTime(iso, locale),
    dayMonth: (day) => formatDayMonth(day, locale),
    km: (km) => formatKm(km, locale),
    cm: (cm) => formatCm(cm, locale),
    duration: (minutes) => formatDuration(minutes, locale),
    city: (name) => cityLabel(name, locale),
    place: ({ city, address }) =>
      address.endsWith(city)
        ? `${address.slice(0, address.length - city.length)}${cityLabel(city, locale)}`
        : address,
  };
}

// One object per language, so that components can list the formatters among a memo's inputs.
const formattersByLocale = new Map<Locale, Formatters>();

export function formattersFor(locale: Locale): Formatters {
  let formatters = formattersByLocale.get(locale);
  if (!formatters) {
    formatters = createFormatters(locale);
    formattersByLocale.set(locale, formatters);
  }
  return formatters;
}

/** The formatters of the language on screen; English while it is not one of ours. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return formattersFor(isLocale(language) ? language : DEFAULT_LOCALE);
}
