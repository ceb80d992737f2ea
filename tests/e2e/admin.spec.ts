import type { Page } from '@playwright/test';
import { formatMad } from '../../src/shared/format';
import { dateFromToday, uniqueCode, uniqueDriverPhone } from '../support/accounts';
import { expect, test } from './fixtures';
import {
  adminCredentials,
  bearer,
  placeOrder,
  placeOrders,
  sevenDestinations,
} from './support/app-api';
import {
  expectHandledConsoleError,
  expectHandledHttpError,
  nothingMatches,
  readSession,
  searchList,
} from './support/page-checks';

/**
 * The back office of docs/product.md, section 2 on a desktop screen. The e2e database is shared by
 * every test running at once, so each test finds its own rows by searching for them, and asserts an
 * empty state only through a search nothing matches (or a filter no order can match).
 */

const shortId = (id: string) => `#${id.slice(0, 10)}…`;

const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByRole('alert').filter({ hasText: text });

/** The row of `table` that mentions `text`. */
const rowWith = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

async function fillStepOne(
  page: Page,
  driver: { name: string; nationalId: string; license: string },
) {
  await page.getByLabel('Full Name').fill(driver.name);
  await page.getByLabel('Phone Number').fill(uniqueDriverPhone());
  await page.getByLabel('National ID / CIN').fill(driver.nationalId);
  await page.getByLabel('Driver License Number').fill(driver.license);
  await page.getByLabel('License Expiry Date').fill(dateFromToday(400));
}

async function fillStepTwo(page: Page, plate: string) {
  await page.getByLabel('Truck Plate Number').fill(plate);
  await page.getByLabel('Truck Capacity (kg)').fill('8000');
  await page.getByLabel('Year').fill('2021');
  await page.getByLabel('Track Type').fill('Box Truck');
  await page.getByLabel('Brand / Model').fill('Volvo FH');
  await page.getByLabel('Technical Inspection Date').fill(dateFromToday(-20));
}

test('the sidebar links every admin screen and Logout ends the session', async ({
  page,
  admin,
}) => {
  const { token } = admin;
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(adminCredentials().email);

  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const [name, path, heading] of [
    ['Tracking', '/admin/tracking', 'Tracking'],
    ['All Orders', '/admin/orders', 'All Orders'],
    ['Confirmation', '/admin/confirmation-order', 'Confirmation'],
    ['Deliveries', '/admin/deliveries', 'Deliveries'],
    ['Cancelled', '/admin/cancelled', 'Cancelled'],
    ['Users', '/admin/users', 'Users'],
    ['Trucks Active', '/admin/trucks-active', 'Trucks Active'],
    ['Revenue', '/admin/revenue', 'Revenue'],
    ['Add new', '/admin/add-new', 'Add new (Driver/Truck)'],
    ['Overview', '/admin', 'Overview'],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }

  // Collapsed to icons, the links keep their names, and the choice survives a reload.
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Revenue' })).toHaveAttribute(
    'href',
    '/admin/revenue',
  );
  await page.getByRole('button', { name: 'Expand sidebar' }).click();

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await readSession(page)).toEqual({ token: null, user: null, id: null });
  // The server ends the session too, once the device has let it go.
  await expect
    .poll(async () =>
      (
        await page.request.get('/api/auth/profile', {
          headers: { authorization: `Bearer ${token}` },
        })
      ).status(),
    )
    .toBe(401);
});

test('the overview shows the totals as links, the status counts, the chart and recent orders', async ({
  page,
  admin: _signedIn,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'overview' });
  await placeOrder(page.request, customer.token, 'Fes');
  await page.goto('/admin');

  for (const [label, href] of [
    ['Orders', '/admin/orders'],
    ['Trucks', '/admin/trucks-active'],
    ['Users', '/admin/users'],
    ['Payments (MAD)', '/admin/revenue'],
  ] as const) {
    const name = new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*[\\d,.]+$`);
    await expect(page.getByRole('main').getByRole('link', { name })).toHaveAttribute('href', href);
  }

  const counts = page.getByRole('region', { name: 'Orders by status' });
  for (const label of ['Pending', 'Confirmed', 'On the road', 'Delivered', 'Cancelled']) {
    await expect(counts.getByText(label, { exact: true })).toBeVisible();
  }
  const pending = counts.locator('dl > div').filter({ hasText: 'Pending' }).locator('dd');
  expect(Number((await pending.innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(1);

  const chart = page.getByRole('region', { name: 'Last 30 days' });
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(chart).toContainText(/\d+ orders? placed and .* MAD paid over the last 30 days/);

  const recent = page.getByRole('table', { name: 'The newest orders' });
  await expect(recent.getByRole('row')).not.toHaveCount(0);
  await recent.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Status timeline' })).toBeVisible();
});

test('a driver and truck added through the form take an order from confirmation to delivery', async ({
  page,
  admin: _signedIn,
  accounts,
}) => {
  // Longer than most: the whole journey on two screens (playwright.config.ts sets the base).
  test.setTimeout(2 * test.info().timeout);
  const customer = await accounts.customerInBrowser('flow');
  const order = await placeOrder(customer.page.request, customer.token, 'Agadir');
  const plate = uniqueCode('FL');
  const driverName = 'Youssef Amrani';

  // Add new: two steps, each button enabled only once its step is filled, no way back.
  await page.goto('/admin/add-new');
  const steps = page.getByRole('list', { name: 'Progress' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('1');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Full Name').fill(driverName);
  await page.getByLabel('Phone Number').fill(uniqueDriverPhone());
  await page.getByLabel('National ID / CIN').fill(uniqueCode('JA'));
  await page.getByLabel('Driver License Number').fill(uniqueCode('LIC'));
  await expect(next).toBeDisabled();
  await page.getByLabel('License Expiry Date').fill(dateFromToday(400));
  // The email is optional: Next is ready without it.
  await expect(page.getByLabel('Email Address (optional)')).toHaveValue('');
  await expect(next).toBeEnabled();
  await next.click();

  await expect(steps.locator('[aria-current="step"]')).toContainText('2');
  await expect(page.getByRole('button', { name: /back/i })).toHaveCount(0);
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await page.getByLabel('Truck Plate Number').fill(plate);
  await page.getByLabel('Truck Capacity (kg)').fill('8000');
  await page.getByLabel('Year').fill('2021');
  await page.getByLabel('Track Type').fill('Box Truck');
  await expect(page.getByText('Box Truck, Flatbed, Refrigerated')).toBeVisible();
  await page.getByLabel('Brand / Model').fill('Volvo FH');
  await expect(add).toBeDisabled();
  await page.getByLabel('Technical Inspection Date').fill(dateFromToday(-20));
  await expect(add).toBeEnabled();
  await add.click();
  await expect(toast(page, 'Driver and Truck added successfully!')).toBeVisible();
  // Both steps start again, empty.
  await expect(steps.locator('[aria-current="step"]')).toContainText('1');
  await expect(page.getByLabel('Full Name')).toHaveValue('');
  await expect(next).toBeDisabled();

  // Trucks Active: the new truck is available.
  await page.goto('/admin/trucks-active');
  await searchList(page, plate);
  const truckRow = rowWith(page, 'Trucks', plate);
  await expect(truckRow).toContainText(driverName);
  await expect(truckRow).toContainText('Box Truck');
  await expect(truckRow).toContainText('8,000');
  await expect(truckRow.getByText('AVAILABLE', { exact: true })).toHaveAttribute(
    'data-tone',
    'green',
  );
  await expect(truckRow).toContainText('Up to date');

  // Confirmation: the truck-driver choice is required, then the order goes on the road.
  await page.goto('/admin/confirmation-order');
  await searchList(page, order.trackingNumber);
  await rowWith(page, 'Pending orders', order.trackingNumber)
    .getByRole('button', { name: `Confirm order ${shortId(order.id)}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Confirm order ${shortId(order.id)}` });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Confirm and assign' });
  await submit.click();
  await expect(dialog.getByText('Please select a truck-driver combination')).toBeVisible();
  await dialog.getByRole('radio', { name: new RegExp(plate) }).check();
  await submit.click();
  await expect(toast(page, 'Order confirmed and assigned successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No pending orders waiting for confirmation.')).toBeVisible();

  // The customer sees it on the road.
  await customer.page.goto('/dashboard/tracking');
  await expect(customer.page.getByRole('table').getByText('On the road')).toBeVisible();

  await page.goto('/admin/trucks-active');
  await searchList(page, plate);
  await expect(rowWith(page, 'Trucks', plate).getByText('ON DELIVERY')).toHaveAttribute(
    'data-tone',
    'orange',
  );

  // Tracking: the row, then Mark as Delivered.
  await page.goto('/admin/tracking');
  await searchList(page, order.trackingNumber);
  const trackingRow = rowWith(page, 'Orders on the road', order.trackingNumber);
  await expect(trackingRow.getByRole('cell')).toHaveText([
    'Souss Logistics',
    `${shortId(order.id)}${order.trackingNumber}`,
    'Casablanca',
    'to',
    'Agadir',
    '12',
    formatMad(order.totalPrice),
    'On the road',
    /Update Status/,
  ]);
  await trackingRow
    .getByRole('combobox', { name: `Update the status of order ${shortId(order.id)}` })
    .selectOption({ label: 'Mark as Delivered' });
  await expect(toast(page, 'Order status updated to DELIVERED')).toBeVisible();
  await expect(page.getByText('No in-transit orders found.')).toBeVisible();

  // Deliveries: # ids and tonnes; the id opens the admin order page.
  await page.goto('/admin/deliveries');
  await searchList(page, order.trackingNumber);
  const deliveredRow = rowWith(page, 'Delivered orders', order.trackingNumber);
  await expect(deliveredRow).toContainText('0.012 t');
  await expect(deliveredRow).toContainText(plate);
  await expect(page.getByRole('columnheader', { name: 'Weight (t)', exact: true })).toBeVisible();
  await deliveredRow.getByRole('link', { name: shortId(order.id) }).click();
  await expect(page).toHaveURL(`/admin/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${shortId(order.id)}`);
  const timeline = page.getByRole('region', { name: 'Status timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline).toContainText('Pending');
  await expect(timeline).toContainText('On the road');
  await expect(timeline).toContainText('Delivered');
  await expect(page.getByRole('region', { name: 'Truck and driver' })).toContainText(plate);
  await expect(page.getByRole('region', { name: 'Truck and driver' })).toContainText(driverName);
  await expect(
    page.getByRole('region', { name: 'Payment' }).getByText('paid', { exact: true }),
  ).toHaveAttribute('data-tone', 'green');

  // The customer's deliveries list has it too.
  await customer.page.goto('/dashboard/deliveries');
  await expect(customer.page.getByRole('table')).toContainText('Casablanca → Agadir');

  // Revenue: the payment is paid.
  await page.goto('/admin/revenue');
  await expect(page.getByRole('region', { name: 'Paid revenue' })).toContainText('MAD');
  await searchList(page, order.trackingNumber);
  const paymentRow = rowWith(page, 'Payments', order.trackingNumber);
  await expect(paymentRow.getByText('paid', { exact: true })).toHaveAttribute('data-tone', 'green');
  await expect(paymentRow).toContainText(formatMad(order.totalPrice));
  await expect(paymentRow).toContainText('cash on delivery');
  await expect(paymentRow).toContainText(/\d{4}-\d{2}-\d{2}/);
  await customer.page.context().close();
});

test('cancelling a pending order needs a reason, which the lists then show', async ({
  page,
  admin: _signedIn,
  accounts,
}) => {
  const customer = await accounts.customerInBrowser('cancel');
  const order = await placeOrder(customer.page.request, customer.token, 'Oujda');
  await page.goto('/admin/confirmation-order');
  await searchList(page, order.trackingNumber);
  await page.getByRole('button', { name: `Cancel order ${shortId(order.id)}` }).click();

  const dialog = page.getByRole('dialog', { name: `Cancel order ${shortId(order.id)}` });
  const reason = dialog.getByLabel('Cancellation reason');
  await expect(reason).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText('Please provide a cancellation reason')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');

  // Escape closes without cancelling; the order is still pending.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Cancel order ${shortId(order.id)}` }).click();
  await dialog.getByLabel('Cancellation reason').fill('Customer asked to cancel by phone');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'Order cancelled successfully')).toBeVisible();
  await expect(page.getByText('No pending orders waiting for confirmation.')).toBeVisible();

  await page.goto('/admin/cancelled');
  await searchList(page, order.trackingNumber);
  const row = rowWith(page, 'Cancelled orders', order.trackingNumber);
  await expect(row).toContainText('Customer asked to cancel by phone');
  await expect(row).toContainText(shortId(order.id));
  await expect(row).toContainText('0.012 t');
  await expect(row.getByText('Cancelled')).toHaveAttribute('data-tone', 'red');

  await customer.page.goto('/dashboard/cancelled');
  await expect(customer.page.getByRole('table')).toContainText('Casablanca → Oujda');
  await customer.page.context().close();
});

test('an order on the road can be cancelled from Tracking without a reason', async ({
  page,
  request,
  admin,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'road-cancel' });
  const order = await placeOrder(page.request, customer.token, 'Tangier');
  const { token } = admin;
  const plate = uniqueCode('RC');
  const added = await request.post('/api/admin/trucks/add', {
    headers: bearer(token),
    data: {
      fullName: 'Karim Bennani',
      phone: uniqueDriverPhone(),
      nationalId: uniqueCode('KB'),
      license: uniqueCode('LK'),
      licenseExpire: dateFromToday(300),
      truckNumber: plate,
      capacity: 5000,
      truckYear: 2020,
      model: 'Isuzu NQR',
      truckType: 'Flatbed',
      technicalDate: dateFromToday(-10),
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { truck } = (await added.json()) as { truck: { driverId: string } };
  const confirmed = await request.put(`/api/admin/orders/${order.id}/update-status`, {
    headers: bearer(token),
    data: { status: 'IN_TRANSIT', truckNumber: plate, driverId: truck.driverId },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  await page.goto('/admin/tracking');
  await searchList(page, order.trackingNumber);
  await page
    .getByRole('combobox', { name: `Update the status of order ${shortId(order.id)}` })
    .selectOption({ label: 'Cancel Order' });
  const dialog = page.getByRole('dialog', { name: `Cancel order ${shortId(order.id)}` });
  await expect(dialog.getByLabel('Cancellation reason (optional)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'Order status updated to CANCELLED')).toBeVisible();
  await expect(page.getByText('No in-transit orders found.')).toBeVisible();

  await page.goto('/admin/trucks-active');
  await searchList(page, plate);
  await expect(rowWith(page, 'Trucks', plate).getByText('AVAILABLE')).toBeVisible();
});

test('every list shows its empty state for a search nothing matches, and rows otherwise', async ({
  page,
  admin: _signedIn,
  accounts,
}) => {
  // Eight lists, two searches each (playwright.config.ts sets the base).
  test.setTimeout(1.5 * test.info().timeout);
  const customer = await accounts.customer({ prefix: 'lists' });
  const order = await placeOrder(page.request, customer.token, 'Meknes');

  const lists = [
    ['/admin/orders', 'No orders found.', 'All orders', order.trackingNumber],
    [
      '/admin/confirmation-order',
      'No pending orders waiting for confirmation.',
      'Pending orders',
      order.trackingNumber,
    ],
    ['/admin/tracking', 'No in-transit orders found.', null, null],
    ['/admin/deliveries', 'No delivered orders found.', null, null],
    ['/admin/cancelled', 'No cancelled orders found.', null, null],
    ['/admin/users', 'No users found.', 'Users', customer.email],
    ['/admin/trucks-active', 'No trucks found.', null, null],
    ['/admin/revenue', 'No payments found.', 'Payments', order.trackingNumber],
  ] as const;
  for (const [path, empty, table, findable] of lists) {
    await page.goto(path);
    await expect(page.getByText(/\d+ results?$/)).toBeVisible();
    await searchList(page, nothingMatches());
    await expect(page.getByText(empty, { exact: true })).toBeVisible();
    await expect(page.getByText('0 results')).toBeVisible();
    if (table && findable) {
      await searchList(page, findable);
      await expect(rowWith(page, table, findable)).toHaveCount(1);
      await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    }
  }

  // Tracking's Loading state matches no order (docs/product.md, section 4): empty without a call.
  await page.goto('/admin/tracking');
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Loading' });
  await expect(page.getByText('No in-transit orders found.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'On the Road' });
  await expect(page.getByText(/\d+ results?$/)).toBeVisible();

  // All Orders filters by status.
  await page.goto('/admin/orders');
  await searchList(page, order.trackingNumber);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Delivered' });
  await expect(page.getByText('No orders found.')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Pending' });
  const row = rowWith(page, 'All orders', order.trackingNumber);
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText('Casablanca → Meknes');
  await expect(row.getByText('Pending')).toHaveAttribute('data-tone', 'amber');
});

test('Users shows each role as its badge, with the creation time', async ({
  page,
  admin: _signedIn,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'roles' });
  await page.goto('/admin/users');
  for (const columnName of ['Email', 'User Type', 'Role', 'Created At']) {
    await expect(page.getByRole('columnheader', { name: columnName })).toBeVisible();
  }

  await searchList(page, customer.email);
  const customerRow = rowWith(page, 'Users', customer.email);
  await expect(customerRow).toContainText('Company');
  await expect(customerRow.getByText('USER', { exact: true })).toHaveAttribute(
    'data-tone',
    'green',
  );
  await expect(customerRow).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  const admin = adminCredentials().email;
  await searchList(page, admin);
  await expect(rowWith(page, 'Users', admin).getByText('ADMIN', { exact: true })).toHaveAttribute(
    'data-tone',
    'blue',
  );
});

test('Download CSV saves the list as filtered, fetched with the session token', async ({
  page,
  admin: _signedIn,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'csv' });
  const order = await placeOrder(page.request, customer.token, 'Safi');
  await page.goto('/admin/orders');
  await searchList(page, order.trackingNumber);

  const exported = page.waitForRequest((request) => request.url().includes('/export.csv'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const request = await exported;
  expect(new URL(request.url()).searchParams.get('q')).toBe(order.trackingNumber);
  expect(request.url()).not.toContain('token');
  expect(request.headers().authorization).toMatch(/^Bearer /);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readDownload(await file.createReadStream());
  expect(text).toContain('Order ID,Tracking number');
  expect(text).toContain(order.trackingNumber);
  expect(text.trim().split('\n')).toHaveLength(2);
});

test('a duplicate driver or plate is named under its field, on the step that holds it', async ({
  page,
  request,
  pageErrors,
  admin,
}) => {
  const { token } = admin;
  const takenPlate = uniqueCode('DP');
  const takenId = uniqueCode('DN');
  const seeded = await request.post('/api/admin/trucks/add', {
    headers: bearer(token),
    data: {
      fullName: 'Nadia Chraibi',
      phone: uniqueDriverPhone(),
      nationalId: takenId,
      license: uniqueCode('DL'),
      licenseExpire: dateFromToday(300),
      truckNumber: takenPlate,
      capacity: 3000,
      truckYear: 2018,
      model: 'Mercedes Atego',
      truckType: 'Refrigerated',
      technicalDate: dateFromToday(-5),
    },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);

  await page.goto('/admin/add-new');
  await fillStepOne(page, { name: 'Omar Fassi', nationalId: takenId, license: uniqueCode('OL') });
  // The shared schema checks formats before any call.
  await page.getByLabel('Phone Number').fill('12');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Phone number is not valid')).toBeVisible();
  await page.getByLabel('Phone Number').fill(uniqueDriverPhone());
  await page.getByRole('button', { name: 'Next' }).click();
  await fillStepTwo(page, takenPlate);
  await page.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(
    toast(page, 'Failed to add driver and truck. Please check the console for details.'),
  ).toBeVisible();
  await expectHandledHttpError(pageErrors, 409);
  // Back on step 1, where the national ID is.
  await expect(page.getByLabel('National ID / CIN')).toBeFocused();
  await expect(page.getByText('A driver with this national ID already exists')).toBeVisible();
  await page.getByLabel('National ID / CIN').fill(uniqueCode('ON'));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByText(`A truck with plate number ${takenPlate} already exists`),
  ).toBeVisible();
  await page.getByLabel('Truck Plate Number').fill(uniqueCode('OK'));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Driver and Truck added successfully!')).toBeVisible();
});

test('the orders pager reads the pages beside the one on screen from its rows', async ({
  page,
  admin: _signedIn,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'keyset-admin' });
  // Four pages at least, whatever else the shared database holds.
  const destinations = [...sevenDestinations, ...sevenDestinations, ...sevenDestinations];
  await placeOrders(page.request, customer.token, destinations);
  const answered = (toPage: number) =>
    page.waitForResponse((response) =>
      response.url().includes(`/api/admin/orders?page=${toPage}&`),
    );
  const firstPage = answered(1);
  await page.goto('/admin/orders');
  const pageOne = (await (await firstPage).json()) as Array<{ id: string }>;
  const pager = page.getByRole('navigation', { name: 'Pages' });
  /** The anchor a move was asked from (ui/page-anchor.ts), and the rows it answered. */
  const move = async (button: string, toPage: number) => {
    const response = answered(toPage);
    await pager.getByRole('button', { name: button, exact: true }).click();
    const { searchParams } = new URL((await response).url());
    return {
      anchor: ['after', 'before', 'anchorPage'].map((name) => searchParams.get(name)),
      rows: (await (await response).json()) as Array<{ id: string }>,
    };
  };

  const pageTwo = await move('Next page', 2);
  expect(pageTwo.anchor).toEqual([pageOne.at(-1)!.id, null, '1']);
  const pageFour = await move('4', 4);
  expect(pageFour.anchor).toEqual([pageTwo.rows.at(-1)!.id, null, '2']);
  const pageThree = await move('Previous page', 3);
  expect(pageThree.anchor).toEqual([null, pageFour.rows[0]!.id, '4']);
  expect((await move('1', 1)).anchor).toEqual([null, null, null]);
});

test('a failing list says why and offers Retry', async ({ page, pageErrors, admin: _signedIn }) => {
  let mode: 'server' | 'forbidden' | 'offline' | 'ok' = 'server';
  await page.route('**/api/admin/users?*', (route) => {
    if (mode === 'server') {
      return route.fulfill({ status: 500, json: { message: 'Database unavailable' } });
    }
    if (mode === 'forbidden') {
      return route.fulfill({ status: 403, json: { message: 'Admin privileges are required' } });
    }
    if (mode === 'offline') return route.abort('internetdisconnected');
    return route.fallback();
  });

  await page.goto('/admin/users');
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('Server error: 500 - Database unavailable', {
    timeout: 15_000,
  });
  await expectHandledHttpError(pageErrors, 500);

  mode = 'forbidden';
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toContainText('Your session has expired. Please log in again.');
  await expectHandledHttpError(pageErrors, 403);

  mode = 'offline';
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toContainText('No response from server. Check your connection.', {
    timeout: 15_000,
  });
  await expectHandledConsoleError(pageErrors, /ERR_INTERNET_DISCONNECTED/);

  mode = 'ok';
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
});

async function readDownload(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
