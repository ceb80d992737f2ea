import ExcelJS from 'exceljs';
import { cities, cityLabel } from '#shared/cities';
import { IMPORT_COLUMNS } from '#shared/import-columns';

/**
 * The template's CSV: the header and one example row. Written by hand rather than with toCsv,
 * whose headings are catalogue codes: the template's are the column names themselves.
 */
export function buildTemplateCsv(): string {
  const quote = (text: string) =>
    /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  const lines = [
    IMPORT_COLUMNS.map((column) => column.name).join(','),
    IMPORT_COLUMNS.map((column) => quote(column.example)).join(','),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * The template's workbook: the header and one example row, then a sheet of the cities accepted
 * with their English, French and Arabic names (any of them is accepted in a city column).
 */
export async function buildTemplateXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const parcels = workbook.addWorksheet('parcels');
  parcels.addRow(IMPORT_COLUMNS.map((column) => column.name)).font = { bold: true };
  parcels.addRow(
    IMPORT_COLUMNS.map((column) => (column.numeric ? Number(column.example) : column.example)),
  );
  // Phones keep their leading 0 only as text.
  parcels.getColumn(IMPORT_COLUMNS.findIndex((c) => c.name === 'receiver_phone') + 1).numFmt = '@';
  parcels.columns.forEach((column) => (column.width = 18));
  const citySheet = workbook.addWorksheet('cities');
  citySheet.addRow(['city', 'ville', 'المدينة']).font = { bold: true };
  for (const city of [...cities].sort((a, b) => a.city.localeCompare(b.city, 'en'))) {
    citySheet.addRow([city.city, cityLabel(city.city, 'fr'), cityLabel(city.city, 'ar')]);
  }
  citySheet.columns.forEach((column) => (column.width = 24));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
