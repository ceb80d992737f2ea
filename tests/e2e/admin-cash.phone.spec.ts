import { formatMad } from '../../src/shared/format';
import { expect, test } from './fixtures';
import { deliverCashOrderThroughApi } from './support/app-api';
import { expectNoHorizontalScroll } from './support/page-checks';

/** /admin/cash on a 360 px phone: the ledger as cards, the dialog within the screen. */

test('the cash ledger turns into cards and the dialog fits a phone', async ({
  page,
  request,
  admin,
}) => {
  const { driver, driverName, collected } = await deliverCashOrderThroughApi(request, admin.token);

  await page.goto('/admin/cash');
  await page.getByRole('searchbox', { name: 'Search drivers' }).fill(driver.plate);
  const cards = page.getByRole('list', { name: 'Cash per driver' });
  const card = cards.getByRole('listitem').filter({ hasText: driverName });
  await expect(card).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Cash per driver' })).toBeHidden();
  await expect(card.getByText('Outstanding')).toBeVisible();
  await expect(card).toContainText(formatMad(collected));
  await expectNoHorizontalScroll(page);

  await card.getByRole('button', { name: `Record cash handed in by ${driverName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Record cash handed in' });
  await expect(dialog.getByLabel('Amount (MAD)')).toHaveValue(collected.toFixed(2));
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(formatMad(0));
  await expectNoHorizontalScroll(page);
});
