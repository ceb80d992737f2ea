import type { Locator } from '@playwright/test';
import { formatDh } from '../../src/shared/format';
import { expect, showSignedIn, test } from './fixtures';
import { dispatchThroughApi, placeOrders, sevenDestinations } from './support/app-api';
import { expectHandledHttpError, readSession } from './support/page-checks';

/** The customer dashboard of docs/product.md, section 2 and the order page, on a desktop screen. */

test('the dashboard shows the latest shipment, the summary and the last orders', async ({
  page,
  context,
  customer,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const orders = await placeOrders(page.request, customer.token, sevenDestinations);
  const newest = orders.at(-1)!;

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Welcome back, Souss Logistics')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Souss Logistics')).toBeVisible();

  const summary = page.getByRole('region', { name: 'Summary' });
  const count = (label: string) =>
    summary
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(count('On the Road')).toHaveText('7');
  await expect(count('Delivered')).toHaveText('0');
  await expect(count('Canceled')).toHaveText('0');

  const recent = page.getByRole('region', { name: 'Recent shipping' });
  await expect(recent.getByRole('link', { name: `${newest.id.slice(0, 10)}…` })).toHaveAttribute(
    'href',
    `/orders/${newest.id}`,
  );
  await expect(recent.getByText('Marrakech')).toBeVisible();
  await expect(recent.getByText(newest.trackingNumber)).toBeVisible();
  await recent.getByRole('button', { name: 'Copy tracking number' }).click();
  await expect(recent.getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newest.trackingNumber);
  // The hint goes away after 1.2 s.
  await expect(recent.getByText('Copied!')).toBeHidden({ timeout: 3_000 });

  const details = page.getByRole('region', { name: 'Shipping details' });
  await expect(details.getByText('Not dispatched yet')).toBeVisible();
  await expect(details.getByText('Pending')).toBeVisible();
  await expect(details.getByText(formatDh(newest.totalPrice))).toBeVisible();

  const lastOrders = page.getByRole('region', { name: 'Last Orders' });
  await expect(lastOrders.getByRole('listitem')).toHaveCount(5);
  const first = lastOrders.getByRole('listitem').first();
  await expect(first).toContainText('Casablanca → Marrakech');
  await expect(first).toContainText('12 Kg');

  await expect(page.getByRole('link', { name: /Create a new delivery/ })).toHaveAttribute(
    'href',
    '/new-order',
  );
  await expect(page.getByRole('banner').getByRole('link', { name: 'New order' })).toHaveAttribute(
    'href',
    '/new-order',
  );
});

test('the sidebar links every screen and remembers being collapsed', async ({
  page,
  customer: _signedIn,
}) => {
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const [name, path] of [
    ['Tracking', '/dashboard/tracking'],
    ['Deliveries', '/dashboard/deliveries'],
    ['Cancelled', '/dashboard/cancelled'],
    ['Orders', '/dashboard/orders'],
    ['Notifications', '/dashboard/notifications'],
    ['Profile', '/dashboard/profile'],
  ] as const) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
  }
  await expect(page.getByRole('link', { name: 'Atlas Freight home page' })).toHaveAttribute(
    'href',
    '/',
  );

  await nav.getByRole('link', { name: 'Tracking' }).click();
  await expect(page).toHaveURL(/\/dashboard\/tracking$/);
  await expect(nav.getByRole('link', { name: 'Tracking' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  // Icons only, but every link keeps its name.
  await expect(nav.getByText('Deliveries')).toHaveClass(/sr-only/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Deliveries' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(nav.getByText('Deliveries')).not.toHaveClass(/sr-only/);

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await readSession(page)).toEqual({ token: null, user: null, id: null });
});

test('tracking lists the orders six a page, filters by state and searches', async ({
  page,
  customer,
}) => {
  const orders = await placeOrders(page.request, customer.token, sevenDestinations);
  await page.goto('/dashboard/tracking');
  await expect(page.getByRole('heading', { level: 1, name: 'Tracking' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Orders to track' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(6);
  await expect(page.getByText('7 orders')).toBeVisible();
  await expect(rows.first()).toContainText('Casablanca → Marrakech');
  await expect(rows.first()).toContainText('Pending');
  await expect(rows.first()).toContainText('12 Kg');
  await expect(rows.first()).toContainText(formatDh(orders.at(-1)!.totalPrice));

  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('button')).toHaveText(['', '1', '2', '']);
  await pager.getByRole('button', { name: '2', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Casablanca → Rabat');
  await expect(pager.getByRole('button', { name: '2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const state = page.getByLabel('State');
  await expect(state.locator('option')).toHaveText(['All States', 'On the road', 'Processing']);
  await state.selectOption({ label: 'On the road' });
  await expect(page.getByText('No shipments to track.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a new order' })).toHaveAttribute(
    'href',
    '/new-order',
  );
  await state.selectOption({ label: 'Processing' });
  // A new filter starts again at page 1.
  await expect(rows).toHaveCount(6);
  await expect(page.getByText('7 orders')).toBeVisible();

  await page.getByLabel('Search').fill('agadir');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Casablanca → Agadir');
  await expect(pager).toBeHidden();

  const rabatOrder = orders[2]!;
  await page.getByLabel('Search').fill(rabatOrder.id.slice(0, 8));
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('link')).toHaveAttribute('href', `/orders/${rabatOrder.id}`);
});

test('the pager reads pages from the rows shown, and they stay put as orders arrive', async ({
  page,
  customer,
}) => {
  const { token } = customer;
  const seven = await placeOrders(page.request, token, sevenDestinations);
  // Thirteen orders, oldest first: pages of 12 to 7, 6 to 1, and 0 alone.
  const orders = [
    ...seven,
    ...(await placeOrders(page.request, token, sevenDestinations.slice(1))),
  ];
  await page.goto('/dashboard/tracking');
  const rows = page.getByRole('table', { name: 'Orders to track' }).locator('tbody tr');
  const firstRowLink = rows.first().getByRole('link');
  await expect(rows).toHaveCount(6);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  /** Clicks a pager button and answers the anchor the page was asked from (ui/page-anchor.ts). */
  const move = async (button: string, toPage: number) => {
    const request = page.waitForRequest((sent) => sent.url().includes(`page=${toPage}&`));
    await pager.getByRole('button', { name: button, exact: true }).click();
    const { searchParams } = new URL((await request).url());
    return ['after', 'before', 'anchorPage'].map((name) => searchParams.get(name));
  };

  // Two pages on, from the last row of page 1.
  expect(await move('3', 3)).toEqual([orders[7]!.id, null, '1']);
  await expect(rows).toHaveCount(1);
  await expect(firstRowLink).toHaveAttribute('href', `/orders/${orders[0]!.id}`);

  // A new order arrives at the top; the live refresh keeps the reader on the same rows.
  await placeOrders(page.request, token, ['Fes']);
  await expect(page.getByText('14 orders')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(firstRowLink).toHaveAttribute('href', `/orders/${orders[0]!.id}`);

  // Page 2 is the six orders just before, as the reader saw them, not shifted by the new one.
  expect(await move('Previous page', 2)).toEqual([null, orders[0]!.id, '3']);
  await expect(rows).toHaveCount(6);
  await expect(firstRowLink).toHaveAttribute('href', `/orders/${orders[6]!.id}`);
  expect(await move('Next page', 3)).toEqual([orders[1]!.id, null, '2']);
  await expect(rows).toHaveCount(1);
  await expect(firstRowLink).toHaveAttribute('href', `/orders/${orders[0]!.id}`);

  // Page 1 is read by its number: the newest orders, the new one first.
  expect(await move('1', 1)).toEqual([null, null, null]);
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText('Casablanca → Fes');
});

test('orders open to their details and link to the order page', async ({ page, customer }) => {
  const orders = await placeOrders(page.request, customer.token, sevenDestinations);
  const agadir = orders[5]!;
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  const list = page.getByRole('list', { name: 'Orders' });
  await expect(list.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();

  const row = list.getByRole('listitem').filter({ hasText: 'Casablanca → Agadir' });
  const disclosure = row.getByRole('button', { name: /Details/ });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await expect(row.getByText('Shipment range')).toBeHidden();
  await disclosure.click();
  await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByText(agadir.shipment_range)).toBeVisible();
  const detail = (label: string) =>
    row
      .locator('dl > div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(detail('Width')).toHaveText('20 cm');
  await expect(detail('Height')).toHaveText('10 cm');
  await expect(detail('Quantity')).toHaveText('1');
  await expect(detail('Price')).toHaveText(formatDh(agadir.totalPrice));
  await expect(detail('Delivery date')).toHaveText('Not delivered yet');
  await expect(detail('Shipment info')).toHaveText('Ceramic tiles on one pallet');
  await expect(detail('Notes')).toHaveText('None');

  await row.getByRole('link', { name: `${agadir.id.slice(0, 10)}…` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${agadir.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
  await expect(page.getByText(agadir.trackingNumber)).toBeVisible();
  await expect(page.getByText('Casablanca → Agadir').first()).toBeVisible();

  const timeline = page.getByRole('region', { name: 'Status timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline.getByRole('listitem')).toContainText('Pending');
  await expect(timeline.getByRole('listitem')).toContainText('Order received');

  const payment = page.getByRole('region', { name: 'Price and payment' });
  // The price, and the amount to collect at the door: the receiver pays the fee (placeOrders).
  await expect(payment.getByText(formatDh(agadir.totalPrice))).toHaveCount(2);
  await expect(payment.getByText('Cash on delivery')).toBeVisible();
  await expect(payment.getByText('Unpaid')).toBeVisible();
  const receiver = page.getByRole('region', { name: 'Receiver' });
  await expect(receiver.getByText('Youssef Alami')).toBeVisible();

  await page.getByRole('link', { name: 'Back to orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});

test('deliveries and cancelled show their empty states', async ({ page, customer }) => {
  await placeOrders(page.request, customer.token, sevenDestinations);
  await page.goto('/dashboard/deliveries');
  await expect(page.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeVisible();
  await expect(page.getByText('No delivered orders found')).toBeVisible();
  await expect(page.getByLabel('Search')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Cancelled' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cancelled Orders' })).toBeVisible();
  await expect(page.getByText('No cancelled orders found')).toBeVisible();
});

test('the profile shows the company details of a company', async ({ page, customer }) => {
  const { email } = customer;
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const company = page.getByRole('region', { name: 'Company' });
  for (const [label, value] of [
    ['Company Name', 'Souss Logistics'],
    ['Registration Number (RC)', 'RC-55821'],
    ['Tax Identification Number (NIF)', 'IF-40012'],
    ['Responsible Person', 'Amina Idrissi'],
    ['Phone', '+212612345678'],
    ['Address', '12 Avenue Hassan II, Agadir'],
  ] as const) {
    await expect(definitionOf(company, label)).toHaveText(value);
  }
  const account = page.getByRole('region', { name: 'Account' });
  await expect(definitionOf(account, 'Email')).toHaveText(email);
  await expect(definitionOf(account, 'Role')).toHaveText('USER');
  await expect(definitionOf(account, 'Account type')).toHaveText('Company');
  await expect(page.getByRole('region', { name: 'Personal details' })).toHaveCount(0);
});

test('the profile shows the personal details of an individual', async ({ page, accounts }) => {
  await showSignedIn(page, await accounts.customer({ prefix: 'person', kind: 'individual' }));
  await page.goto('/dashboard/profile');
  const personal = page.getByRole('region', { name: 'Personal details' });
  for (const [label, value] of [
    ['Full Name', 'Salma Berrada'],
    ['National ID (CIN)', 'JB123456'],
    ['Phone', '0612345678'],
    ['Address', 'Rue 5, Talborjt, Agadir'],
  ] as const) {
    await expect(definitionOf(personal, label)).toHaveText(value);
  }
  await expect(
    definitionOf(page.getByRole('region', { name: 'Account' }), 'Account type'),
  ).toHaveText('Individual');
  await expect(page.getByRole('region', { name: 'Company' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByText('Salma Berrada')).toBeVisible();
});

test('notifications show the session notice and a way back to the top', async ({
  page,
  customer: _signedIn,
}) => {
  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Keep your session safe' })).toBeVisible();
  // A short window makes the page scroll.
  await page.setViewportSize({ width: 1280, height: 320 });
  await page.getByRole('button', { name: 'Back to top' }).scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Back to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('an order confirmed by the admin shows on the road, and Mark all as read clears it', async ({
  page,
  request,
  customer,
  accounts,
}) => {
  const [order] = await placeOrders(page.request, customer.token, ['Rabat']);

  const admin = await accounts.admin();
  const driver = await accounts.driver(admin.token, 'Omar Tazi');
  const { plate } = driver;
  await dispatchThroughApi(request, admin.token, order!.id, driver);

  await page.goto('/dashboard/notifications');
  await expect(page.getByRole('heading', { name: 'Keep your session safe' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Your notifications' });
  const onTheRoad = list
    .getByRole('listitem')
    .filter({ hasText: `Your order ${order!.trackingNumber} is on the road` });
  await expect(onTheRoad).toContainText(`Casablanca → Rabat, truck ${plate}. Estimated delivery`);
  await expect(onTheRoad.getByText('Unread')).toBeVisible();
  await expect(list.getByText('Unread')).toHaveCount(2);

  await list.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(list.getByText('Unread')).toHaveCount(0);
  await expect(onTheRoad).toBeVisible();
  await page.reload();
  await expect(onTheRoad).toBeVisible();
  await expect(list.getByText('Unread')).toHaveCount(0);
});

test("a customer never sees another customer's orders", async ({ page, pageErrors, accounts }) => {
  const owner = await accounts.customer({ prefix: 'owner' });
  const [owned] = await placeOrders(page.request, owner.token, ['Tangier']);

  await showSignedIn(page, await accounts.customer({ prefix: 'other', kind: 'individual' }));

  await page.goto('/dashboard');
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(definitionOf(summary, 'On the Road')).toHaveText('0');
  await expect(page.getByText('No orders yet.')).toBeVisible();

  await page.goto('/dashboard/orders');
  await expect(page.getByText('No orders found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Order' })).toHaveAttribute(
    'href',
    '/new-order',
  );
  await page.goto('/dashboard/tracking');
  await expect(page.getByText('No shipments to track.')).toBeVisible();

  await page.goto(`/orders/${owned!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByText(owned!.trackingNumber)).toHaveCount(0);
  await expectHandledHttpError(pageErrors, 404);
  await page.getByRole('main').getByRole('link', { name: 'Back to orders' }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});

test('failed calls show their error texts, Retry, and a 404 list as empty', async ({
  page,
  pageErrors,
  customer,
}) => {
  await placeOrders(page.request, customer.token, sevenDestinations);
  // Fails every try (the client retries a server error twice) until the test lets it through.
  let failDashboard = true;
  await page.route('**/api/dashboard', (route) =>
    failDashboard
      ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } })
      : route.continue(),
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('alert')).toHaveText('Failed to load dashboard data.Retry', {
    timeout: 15_000,
  });
  failDashboard = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await expectHandledHttpError(pageErrors, 500);

  await page.route('**/api/dashboard/deliveries?*', (route) =>
    route.fulfill({ status: 503, json: { message: 'Deliveries are under maintenance' } }),
  );
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Deliveries' }).click();
  await expect(page.getByRole('alert')).toContainText('Deliveries are under maintenance', {
    timeout: 15_000,
  });
  await expectHandledHttpError(pageErrors, 503);

  await page.route('**/api/dashboard/tracking?*', (route) =>
    route.fulfill({ status: 404, json: { message: 'Not Found' } }),
  );
  await nav.getByRole('link', { name: 'Tracking' }).click();
  await expect(page.getByText('No shipments to track.')).toBeVisible();
  await expectHandledHttpError(pageErrors, 404);

  await page.route('**/api/auth/profile', (route) => route.fulfill({ json: { user: {} } }));
  await nav.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid profile data received');
});

/** The value a description list gives for `term`. */
function definitionOf(scope: Locator, term: string) {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(term, { exact: true }) })
    .locator('dd');
}
