import { expect, test } from './fixtures';
import { bearer } from './support/app-api';

/*
 * Signed webhooks (docs/decisions/0021-shippers-api.md): an owner adds an endpoint on the
 * developers' screen, sees its signing secret once, then finds it listed without the secret.
 */

test('an owner adds a webhook endpoint, sees its secret once, and finds it listed', async ({
  page,
  customer,
  request,
}) => {
  const url = 'https://93.184.216.34/hooks/atlas';
  await page.goto('/dashboard/developers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developers');
  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  await expect(webhooks.getByText('No endpoint yet.', { exact: false })).toBeVisible();

  await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await form.getByLabel('Endpoint URL').fill(url);
  await form.getByLabel('Note (optional)').fill('Our shop');
  await form.getByRole('checkbox', { name: 'All events' }).uncheck();
  await form.getByRole('checkbox', { name: /Parcel delivered/ }).check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Your signing secret' });
  const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(secretDialog).toBeHidden();

  const listed = webhooks.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(url);
  await expect(listed).toContainText('Active');
  await expect(listed).toContainText('Parcel delivered');
  await expect(listed).toContainText('Our shop');

  // Shown once: after a reload the endpoint is there, its secret is not.
  await page.reload();
  await expect(listed).toContainText(url);
  expect(await page.content()).not.toContain(secret);
  // The server keeps it for the owner's organization, with the events chosen, and never shows it.
  const stored = await request.get('/api/org/webhooks', { headers: bearer(customer.token) });
  expect(await stored.json()).toMatchObject({
    endpoints: [{ url, events: ['parcel.delivered'], description: 'Our shop', status: 'active' }],
  });
  expect(await stored.text()).not.toContain(secret);
});
