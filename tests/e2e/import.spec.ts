import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS } from '../../src/shared/import-columns';
import { expect, test } from './fixtures';

/*
 * Spreadsheet imports (docs/decisions/0021-shippers-api.md, "Imports"): a 20-row XLSX file with
 * two bad rows shows each error by row and column; creating the others makes 18 orders, which the
 * orders list shows.
 */

const ROWS = 20;
const BAD_PHONE_ROW = 5;
const BAD_CITY_ROW = 12;

async function buildWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('parcels');
  sheet.addRow(IMPORT_COLUMNS.map((column) => column.name));
  const run = Date.now().toString(36);
  for (let row = 2; row <= ROWS + 1; row += 1) {
    const values: Record<string, string | number> = {
      reference: `E2E-${run}-${row}`,
      receiver_name: `Receiver ${row}`,
      receiver_phone: row === BAD_PHONE_ROW ? 'call me' : '0612345678',
      receiver_address: `${row} rue Atlas`,
      receiver_city: row === BAD_CITY_ROW ? 'Atlantis' : row % 2 ? 'Fès' : 'طنجة',
      sender_city: 'Casablanca',
      sender_address: '5 boulevard Zerktouni',
      weight_kg: 2,
      length_cm: 30,
      width_cm: 20,
      height_cm: 10,
      cod_amount_mad: 150,
    };
    sheet.addRow(IMPORT_COLUMNS.map((column) => values[column.name] ?? ''));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('a 20-row XLSX file with two bad rows shows the errors, then creates 18 orders', async ({
  page,
  customer: _customer,
}) => {
  await page.goto('/dashboard/import');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import orders');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'parcels.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await buildWorkbook(),
  });
  await expect(page.getByText('Chosen file: parcels.xlsx')).toBeVisible();
  await page.getByRole('button', { name: 'Check the file' }).click();

  const summary = page.getByRole('region', { name: '3. Check the rows' });
  await expect(summary.getByRole('definition')).toHaveText(['20', '18', '2']);
  const errors = summary.getByRole('table', { name: 'Rows with errors' });
  const rows = errors.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(String(BAD_PHONE_ROW));
  await expect(rows.nth(1)).toContainText('receiver_phone');
  await expect(rows.nth(2)).toContainText(String(BAD_CITY_ROW));
  await expect(rows.nth(2)).toContainText('receiver_city');
  await expect(rows.nth(2)).toContainText('Atlantis');

  await summary.getByRole('button', { name: 'Create 18 orders' }).click();
  const result = page.getByRole('region', { name: 'Orders created' });
  await expect(result.getByRole('status')).toHaveText('18 orders created.');
  await expect(
    result.getByRole('button', { name: 'Download tracking numbers (CSV)' }),
  ).toBeVisible();

  await result.getByRole('link', { name: 'See the orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders/);
  await expect(page.getByText('18 orders', { exact: true })).toBeVisible();
});
