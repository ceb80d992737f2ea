import { cityLabel } from './cities';
import { DATE_LOCALES, type Locale } from './i18n/locales';
import { formatDecimal, roundTo } from './numbers';

const MOBILE_ID_LENGTH = 10;
const DASHBOARD_ID_LENGTH = 10;

/**
 * The words written after a figure, per language. English keeps the specification's own units
 * (MAD on admin screens, Dh on customer screens, Kg); Arabic names the dirham درهم on both.
 * Kept here rather than in the web's string files because the server writes them too.
 */
export interface UnitWords {
  mad: string;
  dh: string;
  kg: string;
  tonnes: string;
  km: string;
  cm: string;
  hours: string;
  minutes: string;
}

export const UNIT_WORDS: Readonly<Record<Locale, UnitWords>> = {
  en: {
    mad: 'MAD',
    dh: 'Dh',
    kg: 'Kg',
    tonnes: 't',
    km: 'km',
    cm: 'cm',
    hours: 'h',
    minutes: 'min',
  },
  fr: {
    mad: 'MAD',
    dh: 'DH',
    kg: 'kg',
    tonnes: 't',
    km: 'km',
    cm: 'cm',
    hours: 'h',
    minutes: 'min',
  },
  ar: {
    mad: 'درهم',
    dh: 'درهم',
    kg: 'كغ',
    tonnes: 'طن',
    km: 'كم',
    cm: 'سم',
    hours: 'س',
    minutes: 'د',
  },
};

/** Admin screens: '1,234.50 MAD' (fr '1.234,50 MAD', ar '1.234,50 درهم', as Intl writes them). */
export function formatMad(amount: number, locale: Locale = 'en'): string {
  return `${formatDecimal(amount, 2, 2, locale)} ${UNIT_WORDS[locale].mad}`;
}

/** Customer screens name the same currency Dh: '1,234.50 Dh'. */
export function formatDh(amount: number, locale: Locale = 'en'): string {
  return `${formatDecimal(amount, 2, 2, locale)} ${UNIT_WORDS[locale].dh}`;
}

/** '12 Kg', '12.5 Kg': the specification writes the unit Kg. */
/** 'November 2026' for '2026-11' (a month as invoices name it), in the given language. */
export function formatMonth(month: string, locale: Locale = 'en'): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, monthNumber! - 1, 1)));
}

const calendarDayFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * 'Thursday 3 December' ('jeudi 3 décembre', 'الخميس 3 ديسمبر') for a calendar day 'yyyy-MM-dd':
 * the day of another attempt (docs/decisions/0023-failed-deliveries-and-returns.md). It is read
 * at noon UTC and written in UTC, so no time zone moves it to its neighbour.
 */
export function formatCalendarDay(day: string, locale: Locale = 'en'): string {
  let format = calendarDayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    calendarDayFormats.set(locale, format);
  }
  return format.format(new Date(`${day.slice(0, 10)}T12:00:00Z`));
}

export function formatKg(kg: number, locale: Locale = 'en'): string {
  return `${formatDecimal(kg, 0, 2, locale)} ${UNIT_WORDS[locale].kg}`;
}

/**
 * Admin delivered and cancelled tables show tonnes (docs/product.md,
 * decision 10): 1500 kg → '1.5 t'.
 */
export function formatTonnes(kg: number, locale: Locale = 'en'): string {
  // Three decimals keep whole kilograms visible: 12 kg → '0.012 t'.
  return `${formatDecimal(kg / 1000, 0, 3, locale)} ${UNIT_WORDS[locale].tonnes}`;
}

/** '112.4 km': the same text as pricing's formatDistanceText in English. */
export function formatKm(km: number, locale: Locale = 'en'): string {
  return `${formatDecimal(km, 1, 1, locale)} ${UNIT_WORDS[locale].km}`;
}

/** Parcel sizes: '30 cm', '12.5 cm'. */
export function formatCm(cm: number, locale: Locale = 'en'): string {
  return `${formatDecimal(cm, 0, 2, locale)} ${UNIT_WORDS[locale].cm}`;
}

/** '45 min', '2 h', '1 h 52 min': the same text as pricing's formatDurationText in English. */
export function formatDuration(minutes: number, locale: Locale = 'en'): string {
  const total = roundTo(minutes, 0);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const words = UNIT_WORDS[locale];
  // English writes bare integers ('1500 h'), as it always has; other languages group them.
  const integer = (value: number) =>
    locale === 'en' ? String(value) : formatDecimal(value, 0, 0, locale);
  if (hours === 0) return `${integer(rest)} ${words.minutes}`;
  const hoursText = `${integer(hours)} ${words.hours}`;
  return rest === 0 ? hoursText : `${hoursText} ${integer(rest)} ${words.minutes}`;
}

export function shortenIdForMobile(id: string): string {
  return id.slice(-MOBILE_ID_LENGTH);
}

export function shortenIdForDashboard(id: string): string {
  return id.length > DASHBOARD_ID_LENGTH ? `${id.slice(0, DASHBOARD_ID_LENGTH)}…` : id;
}

/**
 * docs/product.md, decision 13: 'Casablanca → Rabat (112.4 km)'. The cities are canonical
 * names; other languages show their own names for them.
 */
export function formatShipmentRange(
  from: string,
  to: string,
  km: number,
  locale: Locale = 'en',
): string {
  return `${cityLabel(from, locale)} → ${cityLabel(to, locale)} (${formatKm(km, locale)})`;
}
