import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { toBusinessDate } from '../../src/shared/business-calendar';
import { formatDh, formatMad } from '../../src/shared/format';
import type { CustomerOrder, CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import type { CreatePayoutBatchResult } from '../../src/shared/schemas/payout-schemas';
import { readPdfText } from '../support/pdf-text';
import { collectPageErrors, expect, showSignedIn, test, type Accounts } from './fixtures';
import { bearer, dispatchThroughApi, type ApiSession } from './support/app-api';
import { stringOf, stringsOf } from './support/translations';

/**
 * Issue 23's journey (docs/decisions/0020-merchant-money.md): a merchant books an order with
 * 350 Dh to collect, the fee paid by themselves; the driver delivers collecting it; the office
 * records the driver's cash and pays the merchant; the merchant sees the payout and downloads its
 * statement. Once in French (every screen), once in Arabic (the merchant's screens).
 *
 * The office's "Create payout batch" builds a batch of every organization due one: here the
 * batch is built through the API for this test's organization only, so that the other specs
 * running beside it are neither swept into it nor out of it.
 */

const COD = 350;
/** A RIB whose check key is right (src/shared/moroccan-identifiers.ts). */
const RIB = '011519000001205000534921';
/** Where the driver stands (Casablanca, where the orders start). */
const GEOLOCATION = { latitude: 33.5731, longitude: -7.5898, accuracy: 25 };

type Locale = 'fr' | 'ar';
const browserLocale = { fr: 'fr-FR', ar: 'ar-MA' } as const;
const cityNames = {
  fr: { from: ['casa', 'Casablanca'], to: ['rab', 'Rabat'] },
  ar: { from: ['الدار', 'الدار البيضاء'], to: ['الرباط', 'الرباط'] },
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

function wordsOf(locale: Locale) {
  const strings = stringsOf(locale);
  return (key: string, values: Record<string, string> = {}) => fill(stringOf(strings, key), values);
}

/** The merchant's bank details, as the owner sets them (PATCH /api/org/billing). */
async function setBankDetails(request: APIRequestContext, token: string, holder: string) {
  const response = await request.patch('/api/org/billing', {
    headers: bearer(token),
    data: { rib: RIB, ribHolder: holder },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Books Casablanca → Rabat through the wizard, opened from the dashboard: 350 to collect, the fee
 * paid by the sender, cash; the payment step says the receiver will pay the 350. Answers the
 * tracking number.
 */
async function bookThroughWizard(page: Page, locale: Locale, receiverName: string) {
  const t = wordsOf(locale);
  await page.goto('/dashboard');
  await page.locator('a[href="/new-order"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('ordering.wizard.title'));
  const stepTitle = page.locator('#wizard-step-title');
  const next = page.getByRole('button', { name: t('ordering.wizard.next'), exact: true });

  const cities = cityNames[locale];
  const pickup = page.getByRole('combobox', { name: t('ordering.wizard.route.pickupCity') });
  await pickup.fill(cities.from[0]);
  await page.getByRole('option', { name: new RegExp(`^${cities.from[1]}`) }).click();
  const delivery = page.getByRole('combobox', { name: t('ordering.wizard.route.deliveryCity') });
  await delivery.fill(cities.to[0]);
  await page.getByRole('option', { name: new RegExp(`^${cities.to[1]}`) }).click();
  await next.click();

  await expect(stepTitle).toHaveText(t('ordering.wizard.cargo.title'));
  await page.getByLabel(t('ordering.wizard.cargo.weight')).fill('3');
  await page.getByLabel(t('ordering.wizard.cargo.length')).fill('30');
  await page.getByLabel(t('ordering.wizard.cargo.width')).fill('20');
  await page.getByLabel(t('ordering.wizard.cargo.height')).fill('10');
  await next.click();

  await expect(stepTitle).toHaveText(t('ordering.wizard.receiver.title'));
  await page.getByLabel(t('ordering.wizard.receiver.receiverName')).fill(receiverName);
  await page.getByLabel(t('ordering.wizard.receiver.receiverPhone')).fill('+212612345678');
  await next.click();

  await expect(stepTitle).toHaveText(t('ordering.wizard.payment.title'));
  await expect(
    page.getByRole('radio', {
      name: new RegExp(`^${escapeRegExp(t('ordering.wizard.payment.methods.cod.label'))}`),
    }),
  ).toBeChecked();
  await page.getByLabel(t('ordering.wizard.payment.codAmount')).fill(String(COD));
  const sender = page.getByRole('radio', {
    name: new RegExp(`^${escapeRegExp(t('ordering.wizard.payment.feePayers.sender.label'))}`),
  });
  await sender.check();
  await expect(sender).toBeChecked();
  // The fee is the merchant's: the receiver pays the goods' value only.
  await expect(page.getByTestId('receiver-pays')).toHaveText(
    t('ordering.wizard.payment.receiverPays', { amount: formatDh(COD, locale) }),
  );
  await next.click();

  await expect(stepTitle).toHaveText(t('ordering.wizard.confirmation.title'));
  const trackingNumber = (await page.getByTestId('tracking-number').textContent())!;
  expect(trackingNumber).toMatch(/^MA-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  return trackingNumber;
}

/** The customer's own view of the order they booked, found by its tracking number. */
async function orderOf(request: APIRequestContext, token: string, trackingNumber: string) {
  const listed = await request.get('/api/dashboard/orders', { headers: bearer(token) });
  expect(listed.status(), await listed.text()).toBe(200);
  const { orders } = (await listed.json()) as { orders: CustomerOrder[] };
  const found = orders.find((order) => order.trackingNumber === trackingNumber);
  expect(found, `order ${trackingNumber} in the list`).toBeTruthy();
  const seen = await request.get(`/api/dashboard/orders/${found!.id}`, { headers: bearer(token) });
  expect(seen.status(), await seen.text()).toBe(200);
  return ((await seen.json()) as { order: CustomerOrderDetail }).order;
}

/** The payout batch of this organization only (POST /api/admin/payouts, named). */
async function payoutBatchFor(
  request: APIRequestContext,
  adminToken: string,
  organizationId: string,
) {
  const response = await request.post('/api/admin/payouts', {
    headers: { ...bearer(adminToken), 'idempotency-key': randomUUID() },
    data: { organizationIds: [organizationId] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatePayoutBatchResult;
}

/** A browser of its own for another person of the journey, signed in and watched for errors. */
async function openBrowserOf(
  browser: Browser,
  contexts: BrowserContext[],
  errors: string[],
  session: ApiSession,
  options: Parameters<Browser['newContext']>[0],
) {
  const context = await browser.newContext(options);
  contexts.push(context);
  const page = await context.newPage();
  collectPageErrors(page, errors);
  await showSignedIn(page, session);
  return page;
}

/** The merchant's /dashboard/payouts: the paid payout, then its statement's text. */
async function seePayoutAndReadStatement(
  page: Page,
  locale: Locale,
  batchNumber: string,
  net: number,
  reference: string,
) {
  const t = wordsOf(locale);
  await page.goto('/dashboard/payouts');
  await expect(page.getByRole('heading', { level: 1, name: t('payouts.title') })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(batchNumber) });
  await expect(row).toContainText(formatDh(net, locale));
  await expect(row).toContainText(reference);
  await expect(row).toContainText(
    t('payouts.payouts.statuses.paid', { date: '' }).replace(/\s+$/, ''),
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: t('payouts.payouts.statement') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`statement-${batchNumber}.pdf`);
  return readPdfText(await readFile((await download.path())!));
}

interface Journey {
  page: Page;
  request: APIRequestContext;
  accounts: Accounts;
  customer: ApiSession & { user: { organization?: { id: string } } };
}

/** The merchant's organization, with the RIB set, and the order booked in the wizard. */
async function merchantBooks(
  { page, request, customer }: Journey,
  locale: Locale,
  receiver: string,
) {
  const organizationId = customer.user.organization?.id;
  expect(organizationId, 'the merchant has an organization').toBeTruthy();
  await setBankDetails(request, customer.token, 'Souss Logistics SARL');
  const trackingNumber = await bookThroughWizard(page, locale, receiver);
  const booked = await orderOf(request, customer.token, trackingNumber);
  expect(booked).toMatchObject({ codAmount: COD, feePaidBy: 'sender', amountToCollect: COD });
  // Paid out: the 350 collected less the delivery fee the merchant owes (no COD fee by default).
  const net = Math.round((COD - booked.price) * 100) / 100;
  expect(net, 'the price leaves something to pay out').toBeGreaterThan(0);
  return { organizationId: organizationId!, trackingNumber, booked, net };
}

test.describe('in French', () => {
  test.use({ locale: browserLocale.fr });

  test('a merchant books 350 Dh to collect, the driver collects it, the office pays, the merchant gets the statement', async ({
    page,
    request,
    browser,
    accounts,
    customer,
    pageErrors,
  }) => {
    const t = wordsOf('fr');
    const { organizationId, trackingNumber, booked, net } = await merchantBooks(
      { page, request, accounts, customer },
      'fr',
      'Nadia Benali',
    );

    const admin = await accounts.admin();
    const driverName = `Caisse ${randomUUID().slice(0, 6)}`;
    const driver = await accounts.driver(admin.token, driverName);
    await dispatchThroughApi(request, admin.token, booked.id, driver);
    // The receiver's code, as the merchant sees it on the order once it is on the road.
    const { deliveryCode } = await orderOf(request, customer.token, trackingNumber);
    expect(deliveryCode).toMatch(/^\d{6}$/);

    const contexts: BrowserContext[] = [];
    try {
      // The driver delivers on their page, collecting the 350.
      const driverPage = await openBrowserOf(
        browser,
        contexts,
        pageErrors,
        await accounts.signInDriver(driver.phone),
        {
          locale: browserLocale.fr,
          permissions: ['geolocation'],
          geolocation: GEOLOCATION,
        },
      );
      await driverPage.goto('/driver');
      await expect(
        driverPage.getByRole('heading', { level: 1, name: t('driver.page.title') }),
      ).toBeVisible();
      const card = driverPage.getByRole('article', { name: trackingNumber });
      await card.getByRole('button', { name: t('driver.card.pickedUp') }).click();
      const deliver = card.getByRole('button', { name: t('driver.card.deliver'), exact: true });
      await deliver.click();
      const deliverDialog = driverPage.getByRole('dialog', {
        name: t('driver.deliver.title', { trackingNumber }),
      });
      await deliverDialog.getByLabel(t('driver.deliver.code')).fill(deliveryCode!);
      await deliverDialog.getByLabel(t('driver.deliver.cash')).fill(String(COD));
      await deliverDialog.getByRole('button', { name: t('driver.deliver.submit') }).click();
      await expect(deliverDialog).toBeHidden();
      await expect(card).toBeHidden();

      // The office records the driver's cash on /admin/cash.
      const adminPage = await openBrowserOf(browser, contexts, pageErrors, admin, {
        locale: browserLocale.fr,
      });
      await adminPage.goto('/admin/cash');
      await expect(
        adminPage.getByRole('heading', { level: 1, name: t('admin.cash.title') }),
      ).toBeVisible();
      const ledger = adminPage.getByRole('region', { name: t('admin.cash.ledger.heading') });
      await ledger
        .getByRole('searchbox', { name: t('admin.cash.ledger.searchLabel') })
        .fill(driver.plate);
      const row = ledger
        .getByRole('table', { name: t('admin.cash.ledger.caption') })
        .getByRole('row', { name: new RegExp(escapeRegExp(driverName)) });
      await expect(row.getByRole('cell').nth(4)).toHaveText(formatMad(COD, 'fr'));
      await row
        .getByRole('button', { name: t('admin.cash.recordLabel', { driver: driverName }) })
        .click();
      const cashDialog = adminPage.getByRole('dialog', { name: t('admin.cash.dialog.title') });
      await expect(cashDialog.getByLabel(t('admin.cash.dialog.amount'))).toHaveValue(
        COD.toFixed(2),
      );
      await cashDialog
        .getByRole('button', { name: t('admin.cash.dialog.submit'), exact: true })
        .click();
      await expect(cashDialog).toBeHidden();
      await expect(row.getByRole('cell').nth(4)).toHaveText(formatMad(0, 'fr'));

      // The cash is in: the merchant's money is payable; a batch of this organization only.
      const created = await payoutBatchFor(request, admin.token, organizationId);
      expect(created.included).toEqual([expect.objectContaining({ organizationId, amount: net })]);
      const { number } = created.batch;

      // The office marks it paid on /admin/payouts, with the bank's reference and the day.
      await adminPage.goto('/admin/payouts');
      await expect(
        adminPage.getByRole('heading', { level: 1, name: t('admin.payouts.title') }),
      ).toBeVisible();
      await adminPage
        .getByRole('button', { name: t('admin.payouts.openLabel', { number }) })
        .click();
      await expect(adminPage.getByText(t('admin.payouts.detail.title', { number }))).toBeVisible();
      await adminPage
        .getByRole('button', { name: t('admin.payouts.detail.markPaid'), exact: true })
        .click();
      const paidDialog = adminPage.getByRole('dialog', {
        name: t('admin.payouts.paidDialog.title', { number }),
      });
      const reference = `VIR-${randomUUID().slice(0, 8).toUpperCase()}`;
      await paidDialog.getByLabel(t('admin.payouts.paidDialog.reference')).fill(reference);
      await paidDialog
        .getByLabel(t('admin.payouts.paidDialog.paidAt'))
        .fill(toBusinessDate(new Date()));
      await paidDialog
        .getByRole('button', { name: t('admin.payouts.paidDialog.submit'), exact: true })
        .click();
      await expect(paidDialog).toBeHidden();
      await expect(adminPage.getByText(new RegExp(escapeRegExp(reference))).first()).toBeVisible();

      // The merchant sees the payout and reads the statement.
      const statement = await seePayoutAndReadStatement(page, 'fr', number, net, reference);
      expect(statement).toContain(trackingNumber);
      expect(statement).toContain(formatMad(net, 'fr'));
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: browserLocale.ar });

  test('the merchant books, sees the payout and reads the statement right to left', async ({
    page,
    request,
    accounts,
    customer,
  }) => {
    const receiver = 'محمد العلوي';
    const { organizationId, trackingNumber, booked, net } = await merchantBooks(
      { page, request, accounts, customer },
      'ar',
      receiver,
    );
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    // The driver and the office, through the API.
    const admin = await accounts.admin();
    const driver = await accounts.driver(admin.token, `Cash ${randomUUID().slice(0, 6)}`);
    await dispatchThroughApi(request, admin.token, booked.id, driver);
    const { deliveryCode } = await orderOf(request, customer.token, trackingNumber);
    const { token: driverToken } = await accounts.signInDriver(driver.phone);
    const pickedUp = await request.post(`/api/driver/orders/${booked.id}/pickup`, {
      headers: bearer(driverToken),
    });
    expect(pickedUp.status(), await pickedUp.text()).toBe(200);
    const delivered = await request.post(`/api/driver/orders/${booked.id}/deliver`, {
      headers: bearer(driverToken),
      data: { code: deliveryCode, cashCollected: COD },
    });
    expect(delivered.status(), await delivered.text()).toBe(200);
    const handedIn = await request.post('/api/admin/cash/remittances', {
      headers: { ...bearer(admin.token), 'idempotency-key': randomUUID() },
      data: { driverId: driver.driverId, amount: COD },
    });
    expect(handedIn.status(), await handedIn.text()).toBe(201);
    const created = await payoutBatchFor(request, admin.token, organizationId);
    expect(created.included).toEqual([expect.objectContaining({ organizationId, amount: net })]);
    const { id: batchId, number } = created.batch;
    const reference = `VIR-${randomUUID().slice(0, 8).toUpperCase()}`;
    const paid = await request.post(`/api/admin/payouts/${batchId}/paid`, {
      headers: { ...bearer(admin.token), 'idempotency-key': randomUUID() },
      data: { reference, paidAt: toBusinessDate(new Date()) },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    const statement = await seePayoutAndReadStatement(page, 'ar', number, net, reference);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(statement).toContain(trackingNumber);
    expect(statement).toContain(receiver);
    // The net's figures (the unit word may sit apart on a right-to-left line).
    expect(statement).toContain(formatMad(net, 'ar').split(' ')[0]);
  });
});
