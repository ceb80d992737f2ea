import { columnOfField, IMPORT_COLUMNS, type ImportColumn } from '#shared/import-columns';
import { keyOf, type MessageCode, type MessageKey } from '#shared/i18n/message-key';
import type { Database } from '../db/open-database';
import type { AppError } from '../http/errors';
import { checkParcels, type ResolvedParcel } from '../parcels/parcel-checks';
import type { ImportLine, TextCell } from './import-file';

/** One row of an import as kept in parcel_imports.rows (docs/decisions/0021-shippers-api.md). */
export interface StoredRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  /** Cell text by column name. */
  values: Record<string, string>;
  /** Cells that gave no value (a formula, a date): kept until the cell is fixed. */
  cellErrors: Record<string, MessageKey>;
  /** What the last check found, by column (`row` for the row as a whole). */
  errors: Array<{ field: string; key: MessageKey }>;
  /** Its order, once the import is confirmed. */
  trackingNumber?: string | null;
}

const columnsByName = new Map(IMPORT_COLUMNS.map((column) => [column.name, column]));

/**
 * A Moroccan number typed as 0612345678 in a number cell is kept by Excel as 612345678; its
 * leading 0 comes back, so that the row is not refused for a spreadsheet's habit.
 */
function cellText(column: ImportColumn, cell: TextCell): string {
  const text = cell.text.trim();
  if (column.name === 'receiver_phone' && cell.fromNumber && /^[5-7]\d{8}$/.test(text)) {
    return `0${text}`;
  }
  return text;
}

/** A line of the sheet as a row: its values and its cells' own errors, by column. */
export function rowOfLine(
  line: ImportLine,
  columns: readonly (ImportColumn | undefined)[],
): StoredRow {
  const values: Record<string, string> = {};
  const cellErrors: Record<string, MessageKey> = {};
  columns.forEach((column, index) => {
    const cell = line.cells[index];
    if (!column || !cell) return;
    if ('error' in cell) cellErrors[column.name] = cell.error;
    else if (cell.text.trim() !== '') values[column.name] = cellText(column, cell);
  });
  return { row: line.row, values, cellErrors, errors: [] };
}

/**
 * A number as spreadsheets write it: `12,5` (French), `1 200.50`; anything else is left as text
 * for the schema to refuse with the API's message.
 */
function numberOf(text: string): number | string {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const decimal = compact.includes('.') ? compact : compact.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(decimal) ? Number(decimal) : text;
}

/** The row as the API's parcel (ParcelInputSchema's input), empty cells left out. */
export function toParcelInput(values: Readonly<Record<string, string>>): Record<string, unknown> {
  const input: Record<string, Record<string, unknown> | unknown> = {
    receiver: {},
    dimensions: {},
  };
  for (const [name, text] of Object.entries(values)) {
    const column = columnsByName.get(name);
    if (!column || text === '') continue;
    const value = column.numeric ? numberOf(text) : text;
    const [head, leaf] = column.field.split('.') as [string, string | undefined];
    if (leaf === undefined) input[head] = value;
    else ((input[head] ??= {}) as Record<string, unknown>)[leaf] = value;
  }
  return input;
}

/** Refusals without a field (a 409) that are the reference column's. */
const REFERENCE_CODES = new Set<MessageCode>([
  'parcel.reference_taken',
  'parcel.reference_repeated',
]);

function errorsOf(error: AppError): Array<{ field: string; key: MessageKey }> {
  if (error.fieldErrors) {
    return Object.entries(error.fieldErrors).map(([field, key]) => ({
      field: columnOfField(field),
      key,
    }));
  }
  const [first] = error.messages;
  const field = REFERENCE_CODES.has(first.code) ? 'reference' : 'row';
  return [{ field, key: keyOf(first) }];
}

/** Column errors: a cell's own error wins over what the schema says of the value it lacked. */
function mergedErrors(row: StoredRow, checked: Array<{ field: string; key: MessageKey }>) {
  const cellFields = new Set(Object.keys(row.cellErrors));
  return [
    ...Object.entries(row.cellErrors).map(([field, key]) => ({ field, key })),
    ...checked.filter((error) => !cellFields.has(error.field)),
  ];
}

export interface CheckedRows {
  rows: StoredRow[];
  /** The parcels of the valid rows, by row number. */
  parcels: Map<number, ResolvedParcel>;
}

/**
 * Checks every row by the API's rules (checkParcels: the schema, the sender, references unique
 * in the organization and in the file), all at once so that a reference repeated in the file is
 * refused on its second row.
 */
export async function checkRows(
  db: Database,
  organizationId: string,
  rows: readonly StoredRow[],
): Promise<CheckedRows> {
  const checks = await checkParcels(
    db,
    organizationId,
    rows.map((row) => toParcelInput(row.values)),
  );
  const parcels = new Map<number, ResolvedParcel>();
  const checked = rows.map((row, index): StoredRow => {
    const check = checks[index]!;
    const errors = mergedErrors(row, check.ok ? [] : errorsOf(check.error));
    if (check.ok && errors.length === 0) parcels.set(row.row, check.parcel);
    return { ...row, errors };
  });
  return { rows: checked, parcels };
}
