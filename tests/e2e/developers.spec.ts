import { API_KEY_SHOWN_LENGTH } from '../../src/shared/shippers-api';
import { expect, test } from './fixtures';
import { bearer } from './support/app-api';
import { expectNoSidewaysScrollOnAPhone, expectTranslatedScreen } from './support/translations';

/*
 * The developers' screen (docs/decisions/0021-shippers-api.md): an owner sets the organization's
 * pickup address, creates an API key, sees its secret once, finds it in the list by its prefix,
 * and revokes it; the key works on /api/v1 until then and never after.
 */

test('an owner sets the pickup address, creates a key, sees its secret once and revokes it', async ({
  page,
  request,
  customer,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Developers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developers');

  const pickup = page.getByRole('region', { name: 'Pickup address' });
  await pickup.getByLabel('City').selectOption({ label: 'Marrakech' });
  await pickup.getByLabel('Address').fill('27 Avenue Mohammed V');
  await pickup.getByRole('button', { name: 'Save address' }).click();
  await expect(pickup.getByText('Pickup address saved.')).toBeVisible();
  const saved = await request.get('/api/org/pickup-address', { headers: bearer(customer.token) });
  expect(await saved.json()).toEqual({ city: 'Marrakech', address: '27 Avenue Mohammed V' });

  const keys = page.getByRole('region', { name: 'API keys' });
  await expect(keys.getByText('No API keys yet. Create one to connect your shop.')).toBeVisible();
  await keys.getByRole('button', { name: 'Create a key' }).click();
  const create = page.getByRole('dialog', { name: 'Create an API key' });
  await create.getByLabel('Name').fill('Web shop');
  await create.getByRole('checkbox', { name: /labels:read/ }).uncheck();
  await create.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new key "Web shop"' });
  await expect(shown.getByText('Copy it now: you will not see it again.')).toBeVisible();
  const secret = (await shown.getByTestId('api-key-secret').textContent())!;
  expect(secret).toMatch(/^af_live_[\w-]{43}$/);
  await expect(shown.getByRole('button', { name: 'Copy the key' })).toBeVisible();
  const cities = await request.get('/api/v1/cities', { headers: bearer(secret) });
  expect(cities.status()).toBe(200);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  const table = keys.getByRole('table', { name: 'API keys in use' });
  const row = table.getByRole('row', { name: /Web shop/ });
  await expect(row).toContainText(`${secret.slice(0, API_KEY_SHOWN_LENGTH)}…`);
  await expect(row).toContainText('parcels:read, parcels:write');
  // Shown once: nowhere on the page any more.
  await expect(page.locator('body')).not.toContainText(secret);

  await row.getByRole('button', { name: 'Revoke Web shop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the key "Web shop"?' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(keys.getByText('No API keys yet. Create one to connect your shop.')).toBeVisible();
  const refused = await request.get('/api/v1/cities', { headers: bearer(secret) });
  expect(refused.status()).toBe(401);
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-MA' });

  test('the developers screen reads right to left, its keys list included', async ({
    page,
    customer,
  }) => {
    const created = await page.request.post('/api/org/api-keys', {
      headers: bearer(customer.token),
      data: { name: 'متجر الأطلس', scopes: ['parcels:read'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/dashboard/developers');
    await expect(page.getByRole('table')).toContainText('متجر الأطلس');
    await expectTranslatedScreen(page, 'ar', '/dashboard/developers');
    await expectNoSidewaysScrollOnAPhone(page, '/dashboard/developers');
  });
});
