import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { messageKey, type MessageKey } from '#shared/i18n/message-key';
import { badRequest } from '../http/errors';

/** A cell as read: its text (and whether the spreadsheet held it as a number), or why not. */
export interface TextCell {
  text: string;
  fromNumber?: boolean;
}
export type ImportCell = TextCell | { error: MessageKey };

/** One non-empty line of the sheet under the header, by its spreadsheet row number (header: 1). */
export interface ImportLine {
  row: number;
  cells: ImportCell[];
}

export interface ImportSheet {
  header: string[];
  lines: ImportLine[];
}

/** Every XLSX (an Office Open XML package) is a zip archive, which starts with these bytes. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const isZip = (file: Buffer) => ZIP_SIGNATURE.every((byte, index) => file[index] === byte);

const isBlank = (cell: ImportCell) => 'text' in cell && cell.text.trim() === '';

function toSheet(rows: Array<{ row: number; cells: ImportCell[] }>): ImportSheet {
  const [first, ...rest] = rows;
  const header = (first?.cells ?? []).map((cell) => ('text' in cell ? cell.text.trim() : ''));
  return { header, lines: rest.filter((line) => !line.cells.every(isBlank)) };
}

/** The field separator French Excel writes is `;` (the comma is the decimal mark there). */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (mark: string) => firstLine.split(mark).length;
  return count(';') > count(',') ? ';' : ',';
}

function readCsv(file: Buffer): ImportSheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    throw badRequest('import.file_type');
  }
  // Text with NUL characters is a binary file that happens to decode (and PostgreSQL refuses NUL).
  if (text.includes('\u0000')) throw badRequest('import.file_type');
  const parsed = Papa.parse<string[]>(text, {
    delimiter: delimiterOf(text),
    skipEmptyLines: false,
  });
  return toSheet(
    parsed.data.map((cells, index) => ({
      row: index + 1,
      cells: cells.map((cell): ImportCell => ({ text: cell })),
    })),
  );
}

/**
 * A cell's value, never evaluated (issue 24): a formula gives nothing, not even the result Excel
 * cached with it (a formula may read other sheets, links or external data the merchant never
 * sees in the row), a date is refused (every column is text or a number), an error cell is
 * refused; rich text and hyperlinks give their text.
 */
function readXlsxCell(value: ExcelJS.CellValue): ImportCell {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'number') return { text: String(value), fromNumber: true };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'boolean') return { text: String(value) };
  if (value instanceof Date) return { error: messageKey('import.date_not_accepted') };
  if ('formula' in value || 'sharedFormula' in value) {
    return { error: messageKey('import.formula_not_accepted') };
  }
  if ('richText' in value) return { text: value.richText.map((run) => run.text).join('') };
  if ('hyperlink' in value) {
    const text: unknown = value.text;
    if (typeof text === 'string') return { text };
    return readXlsxCell(text as ExcelJS.CellValue);
  }
  if ('error' in value) return { error: messageKey('import.cell_error') };
  return { text: '' };
}

/**
 * What the archive says its files unpack to (the central directory's sizes); undefined when the
 * directory cannot be read. A 5 MB zip can declare gigabytes of XML (a "zip bomb"): such a file is
 * refused before exceljs unpacks anything.
 */
function declaredUnpackedBytes(file: Buffer): number | undefined {
  const END_SIGNATURE = 0x06054b50;
  const ENTRY_SIGNATURE = 0x02014b50;
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 65_535); at -= 1) {
    if (file.readUInt32LE(at) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end === -1) return undefined;
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  let total = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== ENTRY_SIGNATURE) return undefined;
    total += file.readUInt32LE(at + 24);
    at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return total;
}

/** Far above any 5 000-row sheet (a few megabytes of XML), far below what hurts the server. */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

async function readXlsx(file: Buffer): Promise<ImportSheet> {
  const unpacked = declaredUnpackedBytes(file);
  if (unpacked === undefined) throw badRequest('import.file_type');
  if (unpacked > MAX_UNPACKED_BYTES) {
    throw badRequest('import.file_too_large', { max: MAX_UNPACKED_BYTES / 1024 / 1024 });
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('import.file_type');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], lines: [] };
  const rows: Array<{ row: number; cells: ImportCell[] }> = [];
  const width = sheet.getRow(1).cellCount;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: ImportCell[] = [];
    for (let column = 1; column <= Math.max(width, row.cellCount); column += 1) {
      cells.push(readXlsxCell(row.getCell(column).value));
    }
    rows.push({ row: rowNumber, cells });
  });
  // The header is the sheet's first row, even when it is not row 1 of an empty sheet.
  if (rows[0] && rows[0].row !== 1) rows.unshift({ row: 1, cells: [] });
  return toSheet(rows);
}

/** The sheet of a CSV (UTF-8, comma or semicolon) or XLSX file (its first sheet), by content. */
export async function readImportFile(file: Buffer): Promise<ImportSheet> {
  return isZip(file) ? readXlsx(file) : readCsv(file);
}
