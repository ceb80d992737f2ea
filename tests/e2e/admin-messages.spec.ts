import type { Page } from '@playwright/test';
import type { AdminMessage } from '../../src/shared/schemas/message-schemas';
import { openCustomer, placeOrder, signInAsAdmin } from './admin-helpers';
import { expectHandledHttpError } from './auth-helpers';
import { expect, test } from './fixtures';

/**
 * The outbox screen, /admin/messages. The list cannot be searched and every test's mail lands in
 * it, so a test finds its own message by the masked recipient (this file's customers are the
 * only ones whose address starts with an x) and the template, on the first pages.
 */

test.describe.configure({ timeout: 60_000 });

const table = (page: Page) => page.getByRole('table', { name: 'Messages' });
const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByRole('alert').filter({ hasText: text });

/** The row of this message on the list's first pages (newest first), or an error. */
async function findMessageRow(page: Page, recipient: string, template: string) {
  const row = table(page).getByRole('row').filter({ hasText: recipient }).filter({
    hasText: template,
  });
  for (let next = 2; ; next += 1) {
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    if ((await row.count()) > 0) return row;
    if (next > 5) throw new Error(`No ${template} message to ${recipient} on the first pages`);
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes('/api/admin/messages?') &&
        new URL(response.url()).searchParams.get('page') === String(next),
    );
    await page.getByRole('button', { name: 'Next page' }).click();
    await answered;
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
}

test('the mail an order sends is listed with its status, and the status filter narrows the list', async ({
  page,
  browser,
}) => {
  const customer = await openCustomer(browser, 'xmessages');
  await placeOrder(customer.page.request, customer.token, 'Rabat');
  await customer.page.context().close();
  const recipient = 'x***@atlas.test';
  await signInAsAdmin(page);

  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
  for (const header of [
    'Channel',
    'Recipient',
    'Template',
    'Status',
    'Attempts',
    'Last error',
    'Created',
    'Next attempt / Sent',
  ]) {
    await expect(
      table(page).getByRole('columnheader', { name: header, exact: true }),
    ).toBeVisible();
  }
  const status = page.getByLabel('Status', { exact: true });
  await expect(status.locator('option')).toHaveText(['All', 'Queued', 'Sent', 'Failed']);
  await expect(page.getByText(/^\d+ results?$/)).toBeVisible();

  // The outbox worker hands the mail to the e2e SMTP catcher within moments of the order.
  await expect(async () => {
    await page.goto('/admin/messages');
    await status.selectOption({ label: 'Sent' });
    const row = await findMessageRow(page, recipient, 'order-placed');
    await expect(row.getByText('Sent', { exact: true })).toHaveAttribute('data-tone', 'green');
  }).toPass({ timeout: 30_000 });

  const row = await findMessageRow(page, recipient, 'order-placed');
  await expect(row.getByRole('cell').first()).toHaveText('Email');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  // Only a failed message can be sent again.
  await expect(row.getByRole('button', { name: /^Retry/ })).toHaveCount(0);

  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/admin/messages?') &&
      new URL(response.url()).searchParams.get('status') === 'failed',
  );
  await status.selectOption({ label: 'Failed' });
  await answered;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(
    table(page).getByRole('row').filter({ hasText: recipient }).filter({ hasText: 'order-placed' }),
  ).toHaveCount(0);
});

test('Retry sends a failed message again, and a refused retry says why', async ({
  page,
  pageErrors,
}) => {
  // The e2e server's mail always reaches its SMTP catcher, so no message ever fails there: the
  // list and the retry answers are the API's, as message-schemas.ts describes them.
  const failed: AdminMessage = {
    id: '0b7f8c2e-3c1d-4e5f-9a6b-7c8d9e0f1a2b',
    channel: 'email',
    recipient: 's***@atlas.test',
    template: 'order-dispatched',
    status: 'failed',
    attempts: 5,
    lastError: '550 Mailbox unavailable',
    createdAt: '2026-05-04T08:30:00.000Z',
    updatedAt: '2026-05-04T09:10:00.000Z',
    nextAttemptAt: null,
    sentAt: null,
  };
  const queued: AdminMessage = {
    ...failed,
    status: 'queued',
    lastError: null,
    nextAttemptAt: '2026-05-04T09:15:00.000Z',
  };
  let listed = failed;
  let refuseRetry = true;
  await page.route('**/api/admin/messages?*', (route) =>
    route.fulfill({ json: [listed], headers: { 'x-total-count': '1' } }),
  );
  await page.route(`**/api/admin/messages/${failed.id}/retry`, (route) => {
    expect(route.request().method()).toBe('POST');
    expect(route.request().headers().authorization).toMatch(/^Bearer /);
    if (refuseRetry) {
      return route.fulfill({
        status: 409,
        json: { message: 'Only a failed message can be sent again' },
      });
    }
    listed = queued;
    return route.fulfill({ json: { message: 'Message queued again', item: queued } });
  });
  await signInAsAdmin(page);
  await page.goto('/admin/messages');

  const row = table(page).getByRole('row').filter({ hasText: failed.recipient });
  await expect(row.getByText('Failed', { exact: true })).toHaveAttribute('data-tone', 'red');
  await expect(row).toContainText('550 Mailbox unavailable');
  await expect(row.getByRole('cell').nth(4)).toHaveText('5');
  const retry = row.getByRole('button', {
    name: 'Retry the order-dispatched message to s***@atlas.test',
  });

  await retry.click();
  await expect(toast(page, 'Only a failed message can be sent again')).toBeVisible();
  await expectHandledHttpError(pageErrors, 409);
  await expect(retry).toBeEnabled();

  refuseRetry = false;
  await retry.click();
  await expect(toast(page, 'Message queued again')).toBeVisible();
  await expect(row.getByText('Queued', { exact: true })).toHaveAttribute('data-tone', 'amber');
  await expect(row.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
  await expect(row).not.toContainText('550 Mailbox unavailable');
});
