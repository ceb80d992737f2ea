import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { addDays, toBusinessDate } from '../../src/shared/business-calendar';
import { formatCalendarDay } from '../../src/shared/format';
import { expect, test } from './fixtures';
import { bearer, dispatchThroughApi, placeOrder } from './support/app-api';
import { expectHandledHttpError } from './support/page-checks';

/**
 * The driver's side of failed deliveries and returns on a phone
 * (docs/decisions/0023-failed-deliveries-and-returns.md): an attempt postponed by the receiver
 * to tomorrow shows under tomorrow; the next day the receiver refuses it, the card turns into a
 * Return to sender, and the sender's return code from their mail closes it.
 */

/** Casablanca, where the orders start: inside Morocco's bounds. */
test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: 33.5731, longitude: -7.5898, accuracy: 25 },
});

/**
 * The return code in the mails the catcher saved for this address: the return's mail may arrive
 * before or after the failed attempt's, sent in the same transaction.
 */
function returnCodeMailedTo(email: string): string | undefined {
  const folder = process.env.E2E_MAIL_DIR!;
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    try {
      const mail = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as {
        to?: string;
        text?: string;
      };
      const code = mail.to?.includes(email) && /return code: (\d{6})/.exec(mail.text ?? '')?.[1];
      if (code) return code;
    } catch {
      // still being written
    }
  }
  return undefined;
}

const orderCard = (page: Page, trackingNumber: string) =>
  page.getByRole('article', { name: trackingNumber });

test('a driver postpones an attempt to tomorrow, then brings the refused parcel back with the return code', async ({
  page,
  request,
  accounts,
  driver,
  pageErrors,
}) => {
  const customer = await accounts.customer({ prefix: 'returning' });
  const order = await placeOrder(request, customer.token, 'Fes');
  const admin = await accounts.admin();
  await dispatchThroughApi(request, admin.token, order.id, driver);

  await page.goto('/driver');
  const card = orderCard(page, order.trackingNumber);
  await card.getByRole('button', { name: 'Picked up' }).click();
  await card.getByRole('button', { name: 'Delivery failed' }).click();
  const dialog = page.getByRole('dialog', { name: `Delivery failed: ${order.trackingNumber}` });
  await dialog.getByLabel('Reason').selectOption({ label: 'Postponed by the receiver' });
  await dialog.getByRole('button', { name: 'Record failed attempt' }).click();
  await expect(dialog.getByText('Choose a day within the next 7 days')).toBeVisible();
  const tomorrow = addDays(toBusinessDate(new Date()), 1);
  await dialog.getByLabel('Day of the next attempt').selectOption(tomorrow);
  await dialog.getByRole('button', { name: 'Record failed attempt' }).click();
  await expect(dialog).toBeHidden();

  const tomorrowsStops = page.getByRole('region', { name: formatCalendarDay(tomorrow, 'en') });
  await expect(tomorrowsStops.getByRole('article', { name: order.trackingNumber })).toBeVisible();
  await expect(page.getByText('Nothing due today')).toBeVisible();
  await expect(card).toContainText('1 failed attempt');

  // Tomorrow, the receiver refuses it at the door: the parcel goes back to its sender.
  const refused = await request.post(`/api/driver/orders/${order.id}/attempt-failed`, {
    headers: bearer(driver.token),
    data: { reason: 'refused' },
  });
  expect(refused.status(), await refused.text()).toBe(200);
  const onTheRoad = page.getByRole('region', { name: 'On the road' });
  const returning = onTheRoad.getByRole('article', { name: order.trackingNumber });
  await expect(returning.getByRole('region', { name: 'Return to sender' })).toBeVisible();
  await expect(returning).toContainText('Nothing to collect');
  await expect(returning.getByRole('link', { name: 'Navigate' })).toHaveAttribute(
    'href',
    /destination=33\.\d+,-7\.\d+$/,
  );

  // The sender's return code comes with the mail that tells them the parcel is coming back.
  await expect.poll(() => returnCodeMailedTo(customer.email), { timeout: 15_000 }).toBeDefined();
  const returnCode = returnCodeMailedTo(customer.email)!;

  await returning.getByRole('button', { name: 'Returned' }).click();
  const returnDialog = page.getByRole('dialog', {
    name: `Return ${order.trackingNumber} to its sender`,
  });
  const codeInput = returnDialog.getByLabel('Return code');
  await codeInput.fill(String((Number(returnCode) + 1) % 1_000_000).padStart(6, '0'));
  await returnDialog.getByRole('button', { name: 'Confirm the return' }).click();
  await expect(returnDialog.getByRole('alert')).toHaveText('The return code is not correct.');
  await expectHandledHttpError(pageErrors, 400);
  await codeInput.fill(returnCode);
  await returnDialog.getByRole('button', { name: 'Confirm the return' }).click();
  await expect(returnDialog).toBeHidden();
  await expect(returning).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Returned to the sender' }),
  ).toBeVisible();
});
