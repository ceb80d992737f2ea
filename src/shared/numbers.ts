import { NUMBER_LOCALES, type Locale } from './i18n/locales';

/**
 * Rounds half away from zero to `decimals` places, as a person rounding the printed number would.
 * A plain Math.round(x * 100) / 100 turns 1.005 into 1.00 because the double just below 1.005 is
 * stored; nudging by one relative epsilon first lands it on the intended side, at any magnitude.
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const magnitude = Math.abs(value);
  const rounded = Math.round((magnitude + magnitude * Number.EPSILON) * factor) / factor;
  // -0 would print as "-0.00" through Intl.
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}

export function roundToCents(value: number): number {
  return roundTo(value, 2);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Formats with thousands separators and a fixed decimal point. English is pinned to en-US so
 * that the server, the browser and the tests print the same figures whatever the runtime's
 * locale; French and Arabic follow their Moroccan Intl locale (NUMBER_LOCALES).
 */
export function formatDecimal(
  value: number,
  minimumFractionDigits: number,
  maximumFractionDigits: number,
  locale: Locale = 'en',
): string {
  const intlLocale = locale === 'en' ? 'en-US' : NUMBER_LOCALES[locale];
  const key = `${intlLocale}|${minimumFractionDigits}-${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale, { minimumFractionDigits, maximumFractionDigits });
    numberFormats.set(key, format);
  }
  // Intl rounds the stored double (1.005 is 1.00499…), so round the written number first.
  return format.format(roundTo(value, maximumFractionDigits));
}
