import type { APIRequestContext, Page } from '@playwright/test';
import { formatDh, shortenIdForDashboard } from '../../src/shared/format';
import { estimateStraightLinePrice } from '../../src/shared/price-estimate';
import {
  calculateDirectPrice,
  calculateWizardFallbackPrice,
  straightLineDistanceKm,
} from '../../src/shared/pricing';
import type { CustomerOrder, CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { expect, test } from './fixtures';
import { bearer, pointOf, priceThroughApi, type Shipment } from './support/app-api';
import {
  chooseCity,
  expectHandledConsoleError,
  expectHandledHttpError,
  logInAdminThroughForm,
} from './support/page-checks';

/**
 * The new-order wizard, the two calculators and the public Track Shipment look-up (docs/product.md,
 * sections 2, 4, 5, 8, 9; docs/product.md, decisions 3, 4, 12, 13, 14, 17).
 */

const card = {
  number: '4242 4242 4242 4242',
  name: 'KHADIJA OUAZZANI',
  expiry: '12/29',
  cvv: '737',
};

const stepTitle = (page: Page) => page.locator('#wizard-step-title');
const next = (page: Page) => page.getByRole('button', { name: 'Next' });

async function fillRouteAndCargo(page: Page, shipment: Shipment, cargoType = 'Fragile') {
  await chooseCity(page, 'Pickup city', shipment.from.slice(0, 4).toLowerCase(), shipment.from);
  await chooseCity(page, 'Delivery city', shipment.to.slice(0, 4).toLowerCase(), shipment.to);
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('What are we carrying?');
  await page.getByLabel('Weight (kg)').fill(String(shipment.weight));
  await page.getByLabel('Length (cm)').fill(String(shipment.length));
  await page.getByLabel('Width (cm)').fill(String(shipment.width));
  await page.getByLabel('Height (cm)').fill(String(shipment.height));
  await page.getByLabel('Cargo type').selectOption({ label: cargoType });
  const priorityLabel = shipment.priority[0]!.toUpperCase() + shipment.priority.slice(1);
  await page.getByRole('radio', { name: new RegExp(`^${priorityLabel}`) }).check();
}

/** A small parcel from Safi to Essaouira, its receiver given, up to the payment step. */
async function openPaymentStep(page: Page) {
  await page.goto('/new-order');
  await fillRouteAndCargo(page, {
    from: 'Safi',
    to: 'Essaouira',
    weight: 2,
    length: 10,
    width: 10,
    height: 10,
    priority: 'normal',
  });
  await next(page).click();
  await page.getByLabel('Receiver name').fill('Hamza Ait Lahcen');
  await page.getByLabel('Receiver phone').fill('+212612345678');
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('How will you pay?');
}

async function listOrders(request: APIRequestContext, token: string) {
  const response = await request.get('/api/dashboard/orders', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { orders: CustomerOrder[] }).orders;
}

test('a customer prices and places an order through the five steps, paying by card', async ({
  page,
  request,
  customer,
}) => {
  const { token } = customer;
  const sent: string[] = [];
  const orderPayloads: Record<string, unknown>[] = [];
  page.on('request', (sentRequest) => {
    sent.push(`${sentRequest.url()} ${sentRequest.postData() ?? ''}`);
    if (sentRequest.url().endsWith('/api/dashboard/neworder')) {
      orderPayloads.push(sentRequest.postDataJSON() as Record<string, unknown>);
    }
  });
  const shipment: Shipment = {
    from: 'Agadir',
    to: 'Casablanca',
    weight: 12.5,
    length: 40,
    width: 30,
    height: 20,
    priority: 'express',
  };

  await page.goto('/new-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Order');
  await expect(page).toHaveTitle('New Order · Atlas Freight');
  const progress = page.getByRole('navigation', { name: 'Order progress' }).getByRole('listitem');
  await expect(progress).toHaveCount(5);
  await expect(progress.nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);

  // Step 1: the city boxes search the built-in list.
  await expect(stepTitle(page)).toHaveText('Where are we picking up and delivering?');
  await page.getByLabel('Pickup street address (optional)').fill('12 Rue Al Moukaouama');
  // Step 2: leaving it asks the server for the price.
  await fillRouteAndCargo(page, shipment);
  await expect(progress.nth(1)).toHaveAttribute('aria-current', 'step');
  await page.getByLabel('What are you sending? (optional)').fill('Ceramic tiles');
  const expressPrice = await priceThroughApi(request, token, shipment);
  await next(page).click();

  // Step 3: the server's price, with distance and driving time.
  await expect(stepTitle(page)).toHaveText('Who receives it?');
  const priceSummary = page.getByRole('region', { name: 'Price summary' });
  await expect(priceSummary).toContainText(formatDh(expressPrice.price));
  await expect(priceSummary).toContainText(expressPrice.distanceText);
  await expect(priceSummary).toContainText(expressPrice.duration);

  // Changing the priority prices the order again (docs/product.md, decision 14).
  const urgentPrice = await priceThroughApi(request, token, { ...shipment, priority: 'urgent' });
  expect(urgentPrice.price).not.toBe(expressPrice.price);
  await page.getByRole('radio', { name: /^Urgent/ }).check();
  await expect(priceSummary).toContainText(formatDh(urgentPrice.price));

  await page.getByLabel('Receiver name').fill('Khadija Ouazzani');
  await page.getByLabel('Receiver phone').fill('+212612345678');
  await page.getByLabel('Receiver email (optional)').fill('khadija@example.ma');
  await page.getByLabel('Special instructions (optional)').fill('Call before delivery');
  await next(page).click();

  // Step 4: payment and the order summary, still at the server's price.
  await expect(stepTitle(page)).toHaveText('How will you pay?');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Agadir, 12 Rue Al Moukaouama');
  await expect(summary).toContainText('Casablanca');
  await expect(summary).toContainText('Fragile');
  await expect(summary).toContainText('12.5 Kg');
  await expect(summary).toContainText('40 × 30 × 20 cm');
  await expect(summary).toContainText('Urgent');
  await expect(summary).toContainText('Khadija Ouazzani');
  await expect(page.getByRole('region', { name: 'Price summary' })).toContainText(
    formatDh(urgentPrice.price),
  );
  await expect(page.getByRole('radio', { name: /^Cash on delivery/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Card/ }).check();
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Name on card').fill(card.name);
  await page.getByLabel('Expiry date').fill(card.expiry);
  await page.getByLabel('CVV').fill(card.cvv);
  await next(page).click();

  // Step 5: Thank You, the order "Confirmed" (received) with its tracking number.
  await expect(stepTitle(page)).toHaveText('Thank You!');
  await expect(progress.nth(4)).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  const trackingNumber = (await page.getByTestId('tracking-number').textContent())!;
  expect(trackingNumber).toMatch(/^MA-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(page.getByRole('button', { name: 'Copy tracking number' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

  const [order] = (await listOrders(request, token)).filter(
    (listed) => listed.trackingNumber === trackingNumber,
  );
  expect(order).toMatchObject({
    status: 'PENDING',
    priority: 'urgent',
    cargoType: 'fragile',
    pickup_loc: 'Agadir',
    pickup_address: '12 Rue Al Moukaouama',
    delivery_loc: 'Casablanca',
    weight: 12.5,
    length: 40,
    width: 30,
    height: 20,
    price: urgentPrice.price,
    receiverName: 'Khadija Ouazzani',
    receiverPhone: '+212612345678',
    receiverEmail: 'khadija@example.ma',
    shipment_info: 'Ceramic tiles',
    shipment_note: 'Call before delivery',
    payment: { method: 'online', status: 'pending' },
  });
  await expect(page.getByRole('link', { name: 'View order details' })).toHaveAttribute(
    'href',
    `/orders/${order!.id}`,
  );

  // docs/product.md, decision 4: the card never leaves the page.
  expect(orderPayloads).toHaveLength(1);
  // The payload of docs/product.md, section 3; the delivery address was left
  // empty, so it is not sent.
  expect(Object.keys(orderPayloads[0]!).sort()).toEqual([
    'cargo_type',
    'cod_amount',
    'delivery_loc',
    'fee_paid_by',
    'height',
    'leingth',
    'payment_method',
    'pickup_address',
    'pickup_loc',
    'price',
    'priority',
    'receiver_email',
    'receiver_name',
    'receiver_phone',
    'shipment_info',
    'shipment_note',
    'weight',
    'width',
  ]);
  expect(Object.values(orderPayloads[0]!)).not.toContain(card.cvv);
  for (const secret of [card.number, card.number.replaceAll(' ', ''), card.name, card.expiry]) {
    expect(sent.filter((line) => line.includes(secret))).toEqual([]);
  }

  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The dashboard's Last Orders, then Tracking and Orders, all list the new order.
  const orderLink = page
    .getByRole('link', { name: shortenIdForDashboard(order!.id) })
    .filter({ visible: true });
  await expect(orderLink.first()).toBeVisible();
  await page.goto('/dashboard/tracking');
  await expect(orderLink).toHaveCount(1);
  await page.goto('/dashboard/orders');
  await orderLink.first().click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order!.id}$`));
  await expect(page.getByText(order!.trackingNumber).first()).toBeVisible();
});

test('each step shows its validation messages, and cash on delivery needs no card', async ({
  page,
  request,
  customer,
}) => {
  const { token } = customer;
  await page.goto('/new-order');

  // Errors wait until a field is touched...
  const pickup = page.getByRole('combobox', { name: 'Pickup city' });
  await pickup.focus();
  await pickup.blur();
  await expect(page.getByText('Pickup address is required')).toBeVisible();
  await expect(page.getByText('Delivery address is required')).toBeHidden();
  // ...and Next shows all of the step's errors.
  await next(page).click();
  await expect(page.getByText('Delivery address is required')).toBeVisible();
  await expect(stepTitle(page)).toHaveText('Where are we picking up and delivering?');

  await page.getByRole('combobox', { name: 'Delivery city' }).fill('Paris');
  await expect(page.getByText('No city matches “Paris”')).toBeVisible();
  await page.getByRole('combobox', { name: 'Delivery city' }).blur();
  await expect(page.getByText('Choose a city from the list')).toBeVisible();
  // A listed city typed in any case or another spelling becomes its listed name.
  await page.getByRole('combobox', { name: 'Delivery city' }).fill('fez');
  await page.getByRole('combobox', { name: 'Delivery city' }).press('Escape');
  await page.getByRole('combobox', { name: 'Delivery city' }).blur();
  await expect(page.getByRole('combobox', { name: 'Delivery city' })).toHaveValue('Fes');
  // Arrows and Enter pick from the list.
  await pickup.fill('Tang');
  await pickup.press('ArrowDown');
  await pickup.press('Enter');
  await expect(pickup).toHaveValue('Tangier');
  await expect(page.getByText('Pickup address is required')).toBeHidden();
  await next(page).click();

  await expect(stepTitle(page)).toHaveText('What are we carrying?');
  await next(page).click();
  for (const message of [
    'Valid weight is required',
    'Valid length is required',
    'Valid width is required',
    'Valid height is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('Weight (kg)').fill('-2');
  await page.getByLabel('Weight (kg)').blur();
  await expect(page.getByText('Valid weight is required')).toBeVisible();
  await page.getByLabel('Weight (kg)').fill('3');
  await expect(page.getByText('Valid weight is required')).toBeHidden();
  await page.getByLabel('Length (cm)').fill('20');
  await page.getByLabel('Width (cm)').fill('15');
  await page.getByLabel('Height (cm)').fill('10');
  await next(page).click();

  await expect(stepTitle(page)).toHaveText('Who receives it?');
  await expect(page.getByRole('radio', { name: /^Normal/ })).toBeChecked();
  await page.getByLabel('Receiver email (optional)').fill('not-an-email');
  await page.getByLabel('Receiver email (optional)').blur();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Receiver name is required')).toBeHidden();
  await next(page).click();
  await expect(page.getByText('Receiver name is required')).toBeVisible();
  await expect(page.getByText('Receiver phone is required')).toBeVisible();
  await page.getByLabel('Receiver name').fill('Omar Tazi');
  await page.getByLabel('Receiver phone').fill('0612');
  await page.getByLabel('Receiver phone').blur();
  await expect(page.getByText('Phone number is not valid')).toBeVisible();
  await page.getByLabel('Receiver phone').fill('0612345678');
  await page.getByLabel('Receiver email (optional)').fill('');
  await next(page).click();

  await expect(stepTitle(page)).toHaveText('How will you pay?');
  await page.getByRole('radio', { name: /^Card/ }).check();
  await next(page).click();
  for (const message of [
    'Card number is required',
    'Name on card is required',
    'Expiry date is required',
    'CVV is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(stepTitle(page)).toHaveText('How will you pay?');

  // Back keeps what was typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Receiver name')).toHaveValue('Omar Tazi');
  await next(page).click();

  await page.getByRole('radio', { name: /^Cash on delivery/ }).check();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  // The goods' value to collect, the fee paid by the receiver: what they pay at the door.
  const receiverPays = page.getByTestId('receiver-pays');
  await expect(receiverPays).toHaveText('The receiver pays nothing at delivery.');
  await page.getByLabel('Amount to collect (MAD)').fill('350');
  await page.getByRole('radio', { name: /^The receiver/ }).check();
  await expect(receiverPays).toHaveText(/^The receiver will pay [\d,.]+ Dh at delivery\.$/);
  const toPayText = await receiverPays.textContent();
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('Thank You!');
  const trackingNumber = (await page.getByTestId('tracking-number').textContent())!;
  const [order] = (await listOrders(request, token)).filter(
    (listed) => listed.trackingNumber === trackingNumber,
  );
  expect(order).toMatchObject({
    pickup_loc: 'Tangier',
    delivery_loc: 'Fes',
    cargoType: 'general',
    priority: 'normal',
    receiverEmail: null,
    payment: { method: 'cash_on_delivery', status: 'unpaid' },
    codAmount: 350,
    feePaidBy: 'receiver',
    declaredValue: null,
  });
  expect(order!.amountToCollect).toBe(Math.round((350 + order!.price) * 100) / 100);
  expect(toPayText).toContain(formatDh(order!.amountToCollect));
});

test('Cancel Order leaves the wizard for the dashboard', async ({ page, customer: _signedIn }) => {
  await page.goto('/new-order');
  await page.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an administrator is pointed to the calculator instead of a wizard the server would refuse', async ({
  page,
}) => {
  await logInAdminThroughForm(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/new-order');
  await expect(page.getByRole('note')).toContainText('Orders are placed from a customer account');
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Open the price calculator' }).click();
  await expect(page).toHaveURL(/\/calculate-distance$/);
});

test('a failing price call shows the alert and the cargo-type estimate, and stays on the step', async ({
  page,
  request,
  pageErrors,
  customer,
}) => {
  const { token } = customer;
  const shipment: Shipment = {
    from: 'Rabat',
    to: 'Marrakech',
    weight: 8,
    length: 50,
    width: 40,
    height: 30,
    priority: 'express',
  };
  await page.route('**/api/dashboard/distance', (route) =>
    route.fulfill({ status: 500, json: { message: 'Routing is down' } }),
  );
  await page.goto('/new-order');
  await fillRouteAndCargo(page, shipment, 'Refrigerated');
  await next(page).click();

  await expect(page.getByRole('alert')).toHaveText('Error calculating price. Please try again.');
  await expectHandledHttpError(pageErrors, 500);
  await expect(stepTitle(page)).toHaveText('What are we carrying?');
  const estimate = calculateWizardFallbackPrice({
    cargoType: 'refrigerated',
    weightKg: 8,
    lengthCm: 50,
    widthCm: 40,
    heightCm: 30,
    priority: 'express',
  });
  await expect(page.getByText('Estimated price')).toBeVisible();
  await expect(page.getByTestId('estimated-price')).toHaveText(formatDh(estimate));

  // Once the service answers again, Next goes on with the server's price.
  await page.unroute('**/api/dashboard/distance');
  const price = await priceThroughApi(request, token, shipment);
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('Who receives it?');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Price summary' })).toContainText(
    formatDh(price.price),
  );
});

test("a refused order shows the alert, stays, and puts the server's field errors under their fields", async ({
  page,
  pageErrors,
  customer: _signedIn,
}) => {
  await openPaymentStep(page);

  let answer: { status: number; json: unknown } = {
    status: 500,
    json: { message: 'Database down' },
  };
  await page.route('**/api/dashboard/neworder', (route) => route.fulfill(answer));
  await next(page).click();
  await expect(page.getByRole('alert')).toHaveText('Error creating order. Please try again.');
  await expectHandledHttpError(pageErrors, 500);
  await expect(stepTitle(page)).toHaveText('How will you pay?');

  answer = {
    status: 400,
    json: {
      message: 'Phone number is not valid',
      errors: { receiver_phone: 'This number cannot receive SMS' },
    },
  };
  await next(page).click();
  await expect(stepTitle(page)).toHaveText('Who receives it?');
  await expect(page.getByRole('alert')).toHaveText('Error creating order. Please try again.');
  await expect(page.getByText('This number cannot receive SMS')).toBeVisible();
  await expect(page.getByLabel('Receiver phone')).toHaveAttribute('aria-invalid', 'true');
  await expectHandledHttpError(pageErrors, 400);
});

test('an order whose answer was lost is placed once when the customer tries again', async ({
  page,
  request,
  pageErrors,
  customer,
}) => {
  const { token } = customer;
  await openPaymentStep(page);

  // The first request reaches the server, which places the order; its answer never arrives.
  const keys: Array<string | undefined> = [];
  await page.route('**/api/dashboard/neworder', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length > 1) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  await next(page).click();
  await expect(page.getByRole('alert')).toHaveText('Error creating order. Please try again.');
  await expectHandledConsoleError(pageErrors, /ERR_CONNECTION_RESET|Failed to load resource/);
  expect(await listOrders(request, token)).toHaveLength(1);

  await next(page).click();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const orders = await listOrders(request, token);
  expect(orders).toHaveLength(1);
  await expect(page.getByText(orders[0]!.trackingNumber)).toBeVisible();
});

test('the calculator prices a trip, and Create Delivery Order opens the wizard prefilled', async ({
  page,
  request,
  customer,
}) => {
  const { token } = customer;
  await page.goto('/calculate-distance');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Distance and Price Calculator');
  const result = page.getByRole('region', { name: 'Your price' });
  await expect(result).toContainText('5,000.00 Dh');
  await expect(page.getByLabel('Package weight (kg)')).toHaveValue('10');
  await expect(page.getByLabel('Length (cm)')).toHaveValue('20');
  await expect(page.getByLabel('Width (cm)')).toHaveValue('15');
  await expect(page.getByLabel('Height (cm)')).toHaveValue('10');

  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByText('Please select both pickup and delivery cities')).toHaveCount(2);
  await page.getByLabel('Package weight (kg)').fill('0.5');
  await page.getByLabel('Package weight (kg)').blur();
  await expect(page.getByText('Package weight must be at least 1 kg')).toBeVisible();

  await chooseCity(page, 'Pickup city', 'agad', 'Agadir');
  await chooseCity(page, 'Delivery city', 'marr', 'Marrakech');
  await page.getByLabel('Package weight (kg)').fill('3.25');
  await page.getByRole('button', { name: 'Calculate' }).click();
  const price = await priceThroughApi(request, token, {
    from: 'Agadir',
    to: 'Marrakech',
    weight: 3.25,
    length: 20,
    width: 15,
    height: 10,
    priority: 'normal',
  });
  await expect(result).toContainText(formatDh(price.price));
  await expect(result).toContainText(price.distanceText);
  await expect(result).toContainText('Agadir → Marrakech, 3.25 Kg');

  await page.getByRole('button', { name: 'Create Delivery Order' }).click();
  await expect(page).toHaveURL(/\/new-order$/);
  await expect(page.getByText('We filled in the cities, weight and size')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Pickup city' })).toHaveValue('Agadir');
  await expect(page.getByRole('combobox', { name: 'Delivery city' })).toHaveValue('Marrakech');
  // Read once, then removed.
  expect(await page.evaluate(() => window.sessionStorage.getItem('orderDetails'))).toBeNull();
  await next(page).click();
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('3.25');
  await expect(page.getByLabel('Length (cm)')).toHaveValue('20');
  await expect(page.getByLabel('Width (cm)')).toHaveValue('15');
  await expect(page.getByLabel('Height (cm)')).toHaveValue('10');
});

test('when the price call fails the calculator shows a labelled straight-line estimate', async ({
  page,
  pageErrors,
  customer: _signedIn,
}) => {
  await page.route('**/api/dashboard/distance', (route) =>
    route.fulfill({ status: 503, json: { message: 'Unavailable' } }),
  );
  await page.goto('/calculate-distance');
  await chooseCity(page, 'Pickup city', 'oujd', 'Oujda');
  await chooseCity(page, 'Delivery city', 'dakh', 'Dakhla');
  await page.getByRole('button', { name: 'Calculate' }).click();

  await expect(page.getByRole('alert')).toHaveText('Failed to calculate price. Please try again.');
  await expectHandledHttpError(pageErrors, 503);
  const estimate = estimateStraightLinePrice({
    origin: pointOf('Oujda'),
    destination: pointOf('Dakhla'),
    weight: 10,
    type: 'normal',
  });
  const result = page.getByRole('region', { name: 'Your price' });
  await expect(result).toContainText('Straight-line estimate');
  await expect(result).toContainText(formatDh(estimate.price));
  await expect(result).toContainText(estimate.distanceText);
});

test('the direct calculator shows the whole breakdown and refuses 20 kg on a motorcycle', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (sentRequest) => {
    if (new URL(sentRequest.url()).pathname.startsWith('/api')) apiCalls.push(sentRequest.url());
  });
  await page.goto('/test-direct-calculator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Direct Price Calculator');
  await expect(page).toHaveTitle('Direct Price Calculator · Atlas Freight');

  await page.getByLabel('Quick pick a city').first().selectOption('Rabat');
  const rabat = pointOf('Rabat');
  await expect(page.getByLabel('Latitude').first()).toHaveValue(String(rabat.lat));
  await page.getByLabel('Quick pick a city').last().selectOption('Fes');
  const fes = pointOf('Fes');
  await page.getByLabel('Weight (kg)').fill('4');
  await page.getByLabel('Vehicle type').selectOption('car');
  await page.getByLabel('Express delivery (price ×1.5)').check();
  await page.getByRole('button', { name: 'Calculate Price' }).click();

  const distanceKm = straightLineDistanceKm(rabat, fes);
  const expected = calculateDirectPrice({ distanceKm, weightKg: 4, vehicle: 'car', express: true });
  const breakdown = page.getByRole('region', { name: 'Price breakdown' });
  await expect(breakdown.getByTestId('direct-total')).toHaveText(formatDh(expected.price));
  await expect(breakdown).toContainText('Base price50.00 Dh');
  await expect(breakdown).toContainText(
    `Per-km cost (2.00 Dh per km)${formatDh(expected.distanceCost)}`,
  );
  await expect(breakdown).toContainText('Weight factor×1');
  await expect(breakdown).toContainText('Vehicle factor (Car)×1');
  await expect(breakdown).toContainText('Express factor×1.5');
  await expect(breakdown).toContainText('Minimum price (70.00 Dh) appliedNo');

  await page.getByLabel('Weight (kg)').fill('20');
  await page.getByLabel('Vehicle type').selectOption('motorcycle');
  await page.getByRole('button', { name: 'Calculate Price' }).click();
  await expect(
    page.getByText(
      'Too heavy: a motorcycle carries at most 15 kg. Choose a larger vehicle or lower the weight.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Weight (kg)')).toHaveAttribute('aria-invalid', 'true');
  await expect(breakdown.getByTestId('direct-total')).toHaveCount(0);

  await page.getByLabel('Vehicle type').selectOption('van');
  await expect(page.getByText(/Too heavy/)).toBeHidden();
  await page.getByRole('button', { name: 'Calculate Price' }).click();
  await expect(breakdown).toContainText('Vehicle factor (Van)×1.5');
  expect(apiCalls).toEqual([]);
});

test('a visitor tracks an order by its number and sees status and cities, nothing personal', async ({
  page,
  request,
  accounts,
}) => {
  const { token } = await accounts.customer({ prefix: 'track' });
  const created = await request.post('/api/dashboard/neworder', {
    headers: bearer(token),
    data: {
      priority: 'normal',
      pickup_loc: 'Agadir',
      delivery_loc: 'Tangier',
      pickup_address: '3 Rue de la Plage',
      width: 30,
      height: 30,
      weight: 25,
      leingth: 30,
      payment_method: 'cash_on_delivery',
      receiver_name: 'Salma Berrada',
      receiver_phone: '+212698765432',
      cargo_type: 'general',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = (await created.json()) as { order: CustomerOrderDetail };

  await page.goto('/track-shipment');
  await page.getByLabel('Tracking number').fill(order.trackingNumber.toLowerCase());
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?number=${order.trackingNumber}$`));

  const result = page.getByRole('article');
  await expect(result.getByRole('heading', { level: 2 })).toHaveText(
    `Shipment ${order.trackingNumber}`,
  );
  await expect(result.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(result).toContainText('FromAgadir');
  await expect(result).toContainText('ToTangier');
  await expect(result).toContainText('Current locationAgadir');
  await expect(result).toContainText('Estimated deliveryNot yet');
  await expect(result.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  // The timeline's own items (the map's legend is a list too).
  await expect(result.getByRole('region', { name: 'Timeline' }).getByRole('listitem')).toHaveCount(
    order.timeline.length,
  );
  const text = (await page.getByRole('main').textContent())!;
  for (const personal of [
    'Salma Berrada',
    '+212698765432',
    '3 Rue de la Plage',
    formatDh(order.price),
  ]) {
    expect(text).not.toContain(personal);
  }

  // A link opens the result directly.
  await page.goto(`/track-shipment?number=${order.trackingNumber}`);
  await expect(page.getByLabel('Tracking number')).toHaveValue(order.trackingNumber);
  await expect(page.getByRole('article')).toContainText('ToTangier');
});
