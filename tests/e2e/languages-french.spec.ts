import type { CustomerOrder } from '../../src/shared/schemas/order-schemas';
import { expect, test } from './fixtures';
import { bearer } from './support/app-api';
import { apiMessagesOf, expectTranslatedScreen, stringOf, stringsOf } from './support/translations';

/**
 * A French-speaking customer (the browser asks for French) places an order through the whole
 * wizard in French, and a rule of src/shared answers in French (docs/decisions/0010-languages.md).
 */

test.use({ locale: 'fr-FR' });

const fr = stringsOf('fr');
const text = (key: string) => stringOf(fr, key);

/** The French text of a shared rule's message, found by its English words. */
function frenchMessage(english: string): string {
  const en = apiMessagesOf('en');
  const code = Object.keys(en).find((key) => en[key] === english);
  if (!code) throw new Error(`No message code for “${english}”`);
  const french = apiMessagesOf('fr')[code]!;
  expect(french).not.toBe(english);
  return french;
}

test('a French customer places an order through the five steps in French', async ({
  page,
  request,
  customer,
}) => {
  const { token } = customer;
  await page.goto('/new-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ordering.wizard.title'));
  await expectTranslatedScreen(page, 'fr', '/new-order');
  const stepTitle = page.locator('#wizard-step-title');
  const next = page.getByRole('button', { name: text('ordering.wizard.next'), exact: true });

  // A rule of src/shared, in French: the pickup city is required.
  await next.click();
  await expect(page.getByText(frenchMessage('Pickup address is required'))).toBeVisible();

  // Cities are found and shown by their French names (Fès, not Fes).
  const pickup = page.getByRole('combobox', { name: text('ordering.wizard.route.pickupCity') });
  await pickup.fill('tang');
  await page.getByRole('option', { name: /^Tanger\b/ }).click();
  await expect(pickup).toHaveValue('Tanger');
  const delivery = page.getByRole('combobox', {
    name: text('ordering.wizard.route.deliveryCity'),
  });
  await delivery.fill('fès');
  await page.getByRole('option', { name: /^Fès\b/ }).click();
  await expect(delivery).toHaveValue('Fès');
  await next.click();

  await expect(stepTitle).toHaveText(text('ordering.wizard.cargo.title'));
  await page.getByLabel(text('ordering.wizard.cargo.weight')).fill('12.5');
  await page.getByLabel(text('ordering.wizard.cargo.length')).fill('40');
  await page.getByLabel(text('ordering.wizard.cargo.width')).fill('30');
  await page.getByLabel(text('ordering.wizard.cargo.height')).fill('20');
  await page
    .getByLabel(text('ordering.wizard.cargo.cargoType'))
    .selectOption({ label: text('ordering.cargoTypes.fragile') });
  await next.click();

  await expect(stepTitle).toHaveText(text('ordering.wizard.receiver.title'));
  // The price in French figures: a decimal comma.
  await expect(
    page.getByRole('region', { name: text('ordering.wizard.price.title') }),
  ).toContainText(/\d,\d{2}/);
  await page.getByLabel(text('ordering.wizard.receiver.receiverName')).fill('Nadia Benali');
  await page.getByLabel(text('ordering.wizard.receiver.receiverPhone')).fill('+212612345678');
  await next.click();

  await expect(stepTitle).toHaveText(text('ordering.wizard.payment.title'));
  await expect(
    page.getByRole('radio', {
      name: new RegExp(`^${text('ordering.wizard.payment.methods.cod.label')}`),
    }),
  ).toBeChecked();
  await next.click();

  await expect(stepTitle).toHaveText(text('ordering.wizard.confirmation.title'));
  const trackingNumber = (await page.getByTestId('tracking-number').textContent())!;
  expect(trackingNumber).toMatch(/^MA-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expectTranslatedScreen(page, 'fr', 'the confirmation');

  // The API kept its canonical names.
  const listed = await request.get('/api/dashboard/orders', { headers: bearer(token) });
  const { orders } = (await listed.json()) as { orders: CustomerOrder[] };
  expect(orders.find((order) => order.trackingNumber === trackingNumber)).toMatchObject({
    pickup_loc: 'Tangier',
    delivery_loc: 'Fes',
    weight: 12.5,
    cargoType: 'fragile',
  });
});
