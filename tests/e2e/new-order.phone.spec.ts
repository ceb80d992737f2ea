import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseCity, expectNoHorizontalScroll } from './support/page-checks';

/**
 * The ordering screens on a 360 × 780 phone (docs/product.md, "Screens and look (UI)":
 * 360 px wide, tap targets of 40 px).
 */

async function expectTapTarget(button: Locator) {
  const box = await button.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(40);
}

test('the wizard fits a phone from the first step to the payment', async ({
  page,
  customer: _signedIn,
}, testInfo) => {
  await page.goto('/new-order');
  await expect(page.getByText('Step 1 of 5: Pickup and delivery')).toBeVisible();
  await expectNoHorizontalScroll(page);
  for (const name of ['Next', 'Cancel Order']) {
    await expectTapTarget(page.getByRole('button', { name }));
  }

  await chooseCity(page, 'Pickup city', 'agad', 'Agadir');
  await chooseCity(page, 'Delivery city', 'ouar', 'Ouarzazate');
  await page.getByRole('button', { name: 'Next' }).tap();
  await expect(page.getByText('Step 2 of 5: Cargo details')).toBeVisible();
  await page.getByLabel('Weight (kg)').fill('150');
  await page.getByLabel('Length (cm)').fill('120');
  await page.getByLabel('Width (cm)').fill('80');
  await page.getByLabel('Height (cm)').fill('100');
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Next' }).tap();

  await expect(page.getByText('Step 3 of 5: Receiver and price')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Price summary' })).toContainText('Dh');
  await expectNoHorizontalScroll(page);
  await page.getByLabel('Receiver name').fill('Youssef El Amrani');
  await page.getByLabel('Receiver phone').fill('+212612345678');
  await page.getByRole('button', { name: 'Next' }).tap();

  await expect(page.getByText('Step 4 of 5: Payment')).toBeVisible();
  await page.getByRole('radio', { name: /^Card/ }).check();
  await expectNoHorizontalScroll(page);
  await expectTapTarget(page.getByRole('button', { name: 'Back' }));
  await page.screenshot({
    path: testInfo.outputPath('new-order-payment-phone.png'),
    fullPage: true,
  });
});

test('the calculators fit a phone', async ({ page, customer: _signedIn }) => {
  await page.goto('/calculate-distance');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Distance and Price Calculator');
  await expectNoHorizontalScroll(page);
  await page.goto('/test-direct-calculator');
  await page.getByRole('button', { name: 'Calculate Price' }).tap();
  await expect(page.getByRole('region', { name: 'Price breakdown' })).toContainText('Total');
  await expectNoHorizontalScroll(page);
});
