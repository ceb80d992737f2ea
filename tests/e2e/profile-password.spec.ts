import { TEST_PASSWORD } from '../support/accounts';
import { expect, test } from './fixtures';
import { expectHandledHttpError, logInThroughForm } from './support/page-checks';

/** Changing the password on Profile (docs/decisions/0011-hardening.md). */

const NEW_PASSWORD = 'Oasis#Tafilalt 9';

test('a customer changes their password on Profile and signs in with the new one', async ({
  page,
  pageErrors,
  accounts,
}) => {
  // Another device, signed in before the change.
  const { email, token: otherToken } = await accounts.customer({ prefix: 'password-change' });

  await logInThroughForm(page, email, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/profile');
  const card = page.getByRole('region', { name: 'Change password' });
  const current = card.getByLabel('Current password', { exact: true });
  const fresh = card.getByLabel('New password', { exact: true });
  const confirmation = card.getByLabel('Confirm new password', { exact: true });

  // A wrong current password is refused on its field, by the server.
  await current.fill('Not#TheRight1');
  await fresh.fill(NEW_PASSWORD);
  await confirmation.fill(NEW_PASSWORD);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Your current password is incorrect')).toBeVisible();
  await expectHandledHttpError(pageErrors, 400);

  await current.fill(TEST_PASSWORD);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password has been changed. Your other devices have been signed out.'),
  ).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(fresh).toHaveValue('');
  await expect(confirmation).toHaveValue('');

  // The other device is signed out; this one is not.
  const ended = await page.request.get('/api/auth/profile', {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(ended.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughForm(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a customer signs out their other devices from Profile', async ({ page, accounts }) => {
  const { email, token: otherToken } = await accounts.customer({ prefix: 'other-devices' });

  await logInThroughForm(page, email, TEST_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Sign out other devices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out your other devices?' });
  await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(page.getByText('1 other device has been signed out.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const ended = await page.request.get('/api/auth/profile', {
    headers: { authorization: `Bearer ${otherToken}` },
  });
  expect(ended.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});
