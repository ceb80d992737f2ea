import { expect, test } from './fixtures';
import { bearer, requestSignInCode } from './support/app-api';
import { searchList } from './support/page-checks';

test('an admin deactivates a driver on Trucks Active: their session ends, and once reactivated they sign in again', async ({
  page,
  request,
  admin,
  accounts,
}) => {
  const driver = await accounts.driver(admin.token, 'Karim Lahlou');
  const { token: driverToken } = await accounts.signInDriver(driver.phone);

  await page.goto('/admin/trucks-active');
  await searchList(page, driver.plate);
  const row = page.getByRole('table', { name: 'Trucks' }).getByRole('row').filter({
    hasText: driver.plate,
  });
  await row.getByRole('button', { name: 'Deactivate Karim Lahlou' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Karim Lahlou?' });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Deactivated')).toBeVisible();

  // The driver's open session has ended.
  const orders = await request.get('/api/driver/orders', { headers: bearer(driverToken) });
  expect(orders.status()).toBe(401);

  await row.getByRole('button', { name: 'Reactivate Karim Lahlou' }).click();
  await page
    .getByRole('dialog', { name: 'Reactivate Karim Lahlou?' })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(row.getByText('Deactivated')).toBeHidden();
  // Signed in again with a fresh code from their SMS.
  const again = await accounts.signInDriver(driver.phone);
  const reopened = await request.get('/api/driver/orders', { headers: bearer(again.token) });
  expect(reopened.status()).toBe(200);
});

test('a driver locked out by 10 wrong codes shows "Sign-in locked" on Trucks Active until an admin unlocks it', async ({
  page,
  request,
  admin,
  accounts,
}) => {
  const driver = await accounts.driver(admin.token, 'Nadia Berrada');
  // Each code takes 5 tries: two SMS, five wrong codes each.
  for (let sms = 0; sms < 2; sms += 1) {
    const code = await requestSignInCode(request, driver.phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) {
      const refused = await request.post('/api/driver/auth/login', {
        data: { phone: driver.phone, code: wrong },
      });
      expect(refused.status()).toBe(401);
    }
  }

  await page.goto('/admin/trucks-active');
  await searchList(page, driver.plate);
  const row = page.getByRole('table', { name: 'Trucks' }).getByRole('row').filter({
    hasText: driver.plate,
  });
  await expect(row.getByText('Sign-in locked')).toBeVisible();
  await row.getByRole('button', { name: 'Unlock phone sign-in for Nadia Berrada' }).click();
  await expect(page.getByText('The driver can sign in by phone again.')).toBeVisible();
  await expect(row.getByText('Sign-in locked')).toBeHidden();
  await expect(row.getByRole('button', { name: /Unlock/ })).toBeHidden();
});
