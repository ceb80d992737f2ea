import type { Page } from '@playwright/test';
import type { AdminMessage } from '../../src/shared/schemas/message-schemas';
import { BOUNCING_DOMAIN } from './bouncing-mail';
import { expect, test } from './fixtures';
import { placeOrder, uniqueEmail } from './support/app-api';
import { searchList } from './support/page-checks';

/**
 * The outbox screen, /admin/messages. Every test's mail lands in it, so a test searches for its
 * own customer's whole email address.
 */

const table = (page: Page) => page.getByRole('table', { name: 'Messages' });
const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByRole('alert').filter({ hasText: text });

/** Opens the Messages screen afresh, searching for one customer's messages. */
async function showMessagesTo(page: Page, email: string) {
  await page.goto('/admin/messages');
  await searchList(page, email);
}

/** The message to this email with this template, as the API lists it to the admin. */
async function readMessage(page: Page, token: string, email: string, template: string) {
  const response = await page.request.get(`/api/admin/messages?q=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as AdminMessage[]).find((m) => m.template === template);
  expect(found, `a ${template} message to ${email}`).toBeDefined();
  return found!;
}

test('the mail an order sends is listed with its status, and the status filter narrows the list', async ({
  page,
  accounts,
  admin: _signedIn,
}) => {
  const customer = await accounts.customer({ prefix: 'messages' });
  await placeOrder(page.request, customer.token, 'Rabat');

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

  const row = table(page).getByRole('row').filter({ hasText: 'order-placed' });
  // The outbox worker hands the mail to the e2e SMTP catcher within moments of the order.
  await expect(async () => {
    await showMessagesTo(page, customer.email);
    await expect(row.getByText('Sent', { exact: true })).toHaveAttribute('data-tone', 'green', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('m***@atlas.test');
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
  await expect(page.getByText('No messages found.')).toBeVisible();
});

test('Retry queues a failed message again, and the worker tries it once more', async ({
  page,
  accounts,
  admin,
}) => {
  // The e2e SMTP catcher refuses this domain for good (550): the mail fails at its first attempt.
  const email = uniqueEmail('retry').replace('@atlas.test', `@${BOUNCING_DOMAIN}`);
  const { token } = await accounts.customer({ email });
  await placeOrder(page.request, token, 'Fès');
  const { token: adminToken } = admin;
  const row = table(page).getByRole('row').filter({ hasText: 'order-placed' });
  await expect(async () => {
    await showMessagesTo(page, email);
    await expect(row.getByText('Failed', { exact: true })).toHaveAttribute('data-tone', 'red', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('550');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  const before = await readMessage(page, adminToken, email, 'order-placed');
  await row
    .getByRole('button', { name: 'Retry the order-placed message to r***@bounce.atlas.test' })
    .click();
  await expect(toast(page, 'Message queued again')).toBeVisible();
  // Sent again, refused again: failed once more after its one new attempt.
  await expect(async () => {
    await showMessagesTo(page, email);
    await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 2_000 });
    await expect(row.getByRole('cell').nth(4)).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const after = await readMessage(page, adminToken, email, 'order-placed');
  expect(after).toMatchObject({ status: 'failed', attempts: 1 });
  expect(after.updatedAt > before.updatedAt).toBe(true);
});
