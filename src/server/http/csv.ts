import { englishMessages } from '#shared/i18n/message-catalogs';
import type { MessageCode } from '#shared/i18n/message-key';

/** One column of a CSV export: its heading and how a row gives its cell. */
export interface CsvColumn<T> {
  /** A `csv.*` code of the catalogue: the heading in the reader's language. */
  header: MessageCode;
  value: (row: T) => string | number | null | undefined;
}

/** Lets a spreadsheet open Arabic and accented names as UTF-8. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A cell starting with one of these is run as a formula by spreadsheets; customer-typed text
 * (a company named "=HYPERLINK(…)") must stay text, so it gets a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function formatCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const englishHeading = (code: MessageCode) => englishMessages[code] ?? code;

/**
 * RFC 4180 text (CRLF line ends, quoted when needed) with a UTF-8 byte order mark; the headings
 * in the reader's language (English unless told).
 */
export function toCsv<T>(
  columns: readonly CsvColumn<T>[],
  rows: readonly T[],
  heading: (code: MessageCode) => string = englishHeading,
): string {
  const lines = [columns.map((column) => formatCell(heading(column.header))).join(',')];
  for (const row of rows) {
    lines.push(columns.map((column) => formatCell(column.value(row))).join(','));
  }
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}
