import type { Locale } from './locales';
import { formatDecimal } from '../numbers';

/**
 * The one way every text of the product fills its `{{placeholders}}`: API errors, the shared
 * rules' messages, mails, SMS and notifications (src/server/messages), and the web's strings
 * (i18next's formatters call formatPlaceholderValue). How a value is written is the text's
 * choice, per language (docs/decisions/0010-languages.md, "Numbers in messages"):
 *
 * - `{{name}}` writes the value as given: identifiers, years, calendar days, and every figure an
 *   English text has always shown bare ("at most 1000 kg", "100 characters or less");
 * - `{{name, number}}` writes a figure in the language's separators, 0 to 2 decimals ("1,000.5"
 *   in English, "1.000,5" in French and Arabic, as Morocco's Intl locales write them);
 * - `{{name, money}}` the same with 2 decimals ("1,234.50");
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

/** Decimals of each figure kind: at least, at most. */
const FIGURE_KINDS: Readonly<Record<string, readonly [number, number]>> = {
  number: [0, 2],
  money: [2, 2],
};

/** One value as a placeholder of this kind writes it (see above). */
export function formatPlaceholderValue(
  value: string | number,
  kind: string | undefined,
  options: Pick<FillOptions, 'locale' | 'lookUp'>,
): string {
  if (kind === undefined) return String(value);
  const decimals = FIGURE_KINDS[kind];
  if (decimals) {
    const figure = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(figure) && String(value).trim() !== ''
      ? formatDecimal(figure, decimals[0], decimals[1], options.locale)
      : String(value);
  }
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
