import { DATE_LOCALES, type Locale } from './locales';
import { formatDecimal } from '../numbers';

/**
 * The one way every text of the product fills its `{{placeholders}}`: API errors, the shared
 * rules' messages, mails, SMS and notifications (src/server/messages), and the web's strings
 * (i18next's formatters call formatPlaceholderValue). How a value is written is the text's
 * choice, per language (docs/decisions/0010-languages.md, "Numbers in messages"):
 *
 * - `{{name}}` writes the value as given: identifiers, years, codes, and every figure an English
 *   text has always shown bare ("at most 40000 kg", "100 characters or less");
 * - `{{name, number}}` writes a figure in the language's digits and separators ("1,000" in
 *   English, "1.000" in French and Arabic, as Morocco writes them);
 * - `{{name, date}}` writes a calendar day (yyyy-MM-dd) as the language reads it ("3 mai 2025");
 * - any other `{{name, kind}}` names a value of the catalogue: `lookUp('value.kind.<value>')`
 *   (an order status quoted in a refusal), the value itself when the catalogue has none.
 */
const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

export type PlaceholderValues = Readonly<Record<string, string | number | undefined>>;

export interface FillOptions {
  locale: Locale;
  /** A catalogue's text by code, for values of a kind (order statuses). */
  lookUp?: (code: string) => string | undefined;
  /** What a placeholder without a value becomes: kept as written (default) or left empty. */
  missing?: 'keep' | 'empty';
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A calendar day in the reader's words; the value unchanged when it is not one. */
function formatDay(value: string, locale: Locale): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(`${value}T00:00:00Z`));
}

/** One value as a placeholder of this kind writes it (see above). */
export function formatPlaceholderValue(
  value: string | number,
  kind: string | undefined,
  options: Pick<FillOptions, 'locale' | 'lookUp'>,
): string {
  if (kind === undefined) return String(value);
  if (kind === 'number') {
    const figure = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(figure) && String(value).trim() !== ''
      ? formatDecimal(figure, 0, 2, options.locale)
      : String(value);
  }
  if (kind === 'date') return formatDay(String(value), options.locale);
  return options.lookUp?.(`value.${kind}.${String(value).toLowerCase()}`) ?? String(value);
}

/**
 * The template with its placeholders filled in one pass: a value that itself holds `{{…}}` (a
 * reason someone typed) stays as typed.
 */
export function fillPlaceholders(
  template: string,
  values: PlaceholderValues,
  options: FillOptions,
): string {
  return template.replace(PLACEHOLDER, (whole, name: string, kind: string | undefined) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) return options.missing === 'empty' ? '' : whole;
    return formatPlaceholderValue(value, kind, options);
  });
}
