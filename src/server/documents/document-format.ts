import { BUSINESS_TIME_ZONE } from '#shared/business-calendar';
import { formatMad } from '#shared/format';
import { DATE_LOCALES, type Locale } from '#shared/i18n/locales';
import { centimesToMad } from '#shared/money';

/** Figures on documents are written as the app writes them (#shared/format). */
export function formatCentimes(centimes: number, language: Locale): string {
  return formatMad(centimesToMad(centimes), language);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[language], {
      timeZone: BUSINESS_TIME_ZONE,
      ...options,
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** The day in Morocco: 27/11/2026. */
export function formatDocumentDate(date: Date, language: Locale): string {
  return dateFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** A month in Morocco: "novembre 2026". */
export function formatDocumentMonth(date: Date, language: Locale): string {
  return dateFormat(language, { month: 'long', year: 'numeric' }).format(date);
}

/** "Label: value", with French's space before the colon. */
export function labelled(label: string, value: string, language: Locale): string {
  return language === 'fr' ? `${label} : ${value}` : `${label}: ${value}`;
}
