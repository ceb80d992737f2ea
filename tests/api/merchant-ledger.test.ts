import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessSettings,
  merchantLedgerEntries,
  orders,
  payoutBatches,
  payoutBatchItems,
  users,
} from '../../src/server/db/schema';
import { formatCentimes } from '../../src/server/documents/document-format';
import { recordDeliveryEntries } from '../../src/server/ledger/delivery-entries';
import { appendLedgerEntry, takePayableEntries } from '../../src/server/ledger/ledger-book-queries';
import { centimesToMad } from '../../src/shared/money';
import type {
  LedgerEntry,
  MerchantBalance,
  MerchantPayout,
} from '../../src/shared/schemas/ledger-schemas';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import {
  addDriver,
  signInDriver,
  startSmsCatcher,
  type AddedDriver,
  type SmsCatcher,
} from './driver-helpers';
import {
  bearer,
  createOrderAs,
  login,
  loginAs,
  TEST_PASSWORD,
  updateOrderStatus,
  type LoggedIn,
} from './factories';
import { readPdfText } from '../support/pdf-text';
import { buildTestApp, type TestApp } from './helpers';

/*
 * The merchant's side of the money (docs/decisions/0020-merchant-money.md): deliveries collected
 * by a driver stay pending until remittances hand their cash in, oldest first; the balance comes
 * from kept totals that match the rows; the ledger, its CSV and the payouts are the owner's and
 * the accountant's only.
 */

let sms: SmsCatcher;
let testApp: TestApp;
let admin: LoggedIn;
let owner: LoggedIn;
let staff: LoggedIn;
let accountant: LoggedIn;
let stranger: LoggedIn;
let organizationId: string;

const COD_FEE_PERCENT = 2;

/** A fresh customer account moved into the owner's organization with `role`, signed in again. */
async function memberOf(role: 'staff' | 'accountant'): Promise<LoggedIn> {
  const account = await loginAs(testApp, 'individual');
  await testApp.database.db
    .update(users)
    .set({ organizationId, orgRole: role })
    .where(eq(users.id, account.user.id));
  return login(testApp, account.email, TEST_PASSWORD);
}

beforeAll(async () => {
  sms = await startSmsCatcher();
  testApp = await buildTestApp({ env: { SMS_URL: sms.url } });
  [admin, owner, stranger] = await Promise.all([
    loginAs(testApp, 'admin'),
    loginAs(testApp, 'company'),
    loginAs(testApp, 'individual'),
  ]);
  organizationId = owner.user.organization!.id;
  [staff, accountant] = await Promise.all([memberOf('staff'), memberOf('accountant')]);
  await testApp.database.db
    .update(businessSettings)
    .set({ codFeePercent: String(COD_FEE_PERCENT) });
});
afterAll(async () => {
  await testApp.close();
  await sms.stop();
});

const get = (url: string, who: LoggedIn, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: { ...bearer(who.token), ...headers } });

async function balanceOf(who: LoggedIn = owner): Promise<MerchantBalance> {
  const response = await get('/api/dashboard/balance', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MerchantBalance;
}

async function ledgerOf(query = '', who: LoggedIn = owner) {
  const response = await get(`/api/dashboard/ledger${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return {
    entries: (response.json() as { entries: LedgerEntry[] }).entries,
    total: Number(response.headers['x-total-count']),
  };
}

interface Driver extends AddedDriver {
  token: string;
}

interface Delivered {
  order: CustomerOrderDetail;
  /** Centimes the driver collected at the door. */
  collectedCentimes: number;
}

/**
 * The real path of a delivery with goods to collect: the owner books a cash order, its goods'
 * value and fee payer set on it; the admin dispatches it to the driver, who picks it up and
 * delivers it with the receiver's code, entering the cash collected. The lifecycle writes the
 * ledger rows; until its deliver step does, they are written here as it will
 * (recordDeliveryEntries), so the rest of the file reads what a delivery leaves behind.
 */
async function deliver(
  driver: Driver,
  money: { codCentimes: number; feePaidBy: 'sender' | 'receiver'; shortCentimes?: number },
  receiverName = 'Karim Bennani',
): Promise<Delivered> {
  const placed = await createOrderAs(testApp, owner, {
    payment_method: 'cash_on_delivery',
    receiver_name: receiverName,
  });
  const db = testApp.database.db;
  await db
    .update(orders)
    .set({ codAmountCentimes: money.codCentimes, feePaidBy: money.feePaidBy })
    .where(eq(orders.id, placed.id));
  const dispatched = await updateOrderStatus(testApp, admin, placed.id, {
    status: 'IN_TRANSIT',
    truckNumber: driver.truckNumber,
    driverId: driver.driverId,
  });
  expect(dispatched.statusCode, dispatched.body).toBe(200);
  const { order } = (await get(`/api/dashboard/orders/${placed.id}`, owner)).json() as {
    order: CustomerOrderDetail;
  };
  const pickedUp = await testApp.app.inject({
    method: 'POST',
    url: `/api/driver/orders/${placed.id}/pickup`,
    headers: bearer(driver.token),
  });
  expect(pickedUp.statusCode, pickedUp.body).toBe(200);
  const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
  const collectedCentimes = row!.amountToCollectCentimes - (money.shortCentimes ?? 0);
  const delivered = await testApp.app.inject({
    method: 'POST',
    url: `/api/driver/orders/${placed.id}/deliver`,
    headers: bearer(driver.token),
    payload: { code: order.deliveryCode, cashCollected: centimesToMad(collectedCentimes) },
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  const written = await db
    .select({ id: merchantLedgerEntries.id })
    .from(merchantLedgerEntries)
    .where(eq(merchantLedgerEntries.orderId, placed.id));
  if (written.length === 0) {
    await db.transaction((tx) =>
      recordDeliveryEntries(
        tx,
        { ...row!, paymentMethod: 'cash_on_delivery' },
        { codFeePercent: COD_FEE_PERCENT },
        new Date(),
      ),
    );
  }
  return { order, collectedCentimes };
}

const remit = (driver: AddedDriver, centimes: number) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/admin/cash/remittances',
    headers: { ...bearer(admin.token), 'idempotency-key': randomUUID() },
    payload: { driverId: driver.driverId, amount: centimesToMad(centimes) },
  });

async function handedIn(orderId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ centimes: orders.cashHandedInCentimes })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.centimes;
}

/** The balance's figures, checked against the rows themselves: the kept totals never drift. */
async function expectTotalsToMatchRows(balance: MerchantBalance) {
  const rows = await testApp.database.db
    .select()
    .from(merchantLedgerEntries)
    .where(eq(merchantLedgerEntries.organizationId, organizationId));
  const sum = (keep: (type: string) => boolean) =>
    centimesToMad(rows.filter((r) => keep(r.type)).reduce((s, r) => s + r.amountCentimes, 0));
  expect(balance.balance).toBe(sum(() => true));
  expect(balance.collected).toBe(sum((type) => type === 'cod_collected'));
  expect(balance.fees).toBe(sum((type) => type === 'delivery_fee' || type === 'cod_fee'));
  expect(balance.paidOut).toBe(sum((type) => type === 'payout'));
  expect(balance.adjustments).toBe(sum((type) => type === 'adjustment'));
  expect(Math.round((balance.payableNow + balance.withDrivers + balance.inPayout) * 100)).toBe(
    Math.round(balance.balance * 100),
  );
  // One delivery's rows share their instant, so which of them was written last is not in the
  // list's order: the balance is the balance after one of the newest.
  const newest = rows.filter(
    (r) => r.createdAt.getTime() === Math.max(...rows.map((x) => x.createdAt.getTime())),
  );
  if (newest.length > 0) {
    expect(newest.map((r) => centimesToMad(r.balanceAfterCentimes))).toContain(balance.balance);
  }
}

const cents = (mad: number) => Math.round(mad * 100);

describe('remittances settle deliveries oldest first', () => {
  let driver: Driver;
  let first: Delivered;
  let second: Delivered;
  let third: Delivered;
  /** What each delivery leaves the merchant (goods' value less its fees), in centimes. */
  let net: [number, number, number];

  beforeAll(async () => {
    const added = await addDriver(testApp, admin.token, { fullName: 'Hamza Settle' });
    driver = { ...added, token: (await signInDriver(testApp, added.phone, sms)).token };
    // The sender pays the fee in cash: it is taken from what the merchant is owed.
    first = await deliver(driver, { codCentimes: 20_000, feePaidBy: 'sender' });
    second = await deliver(driver, { codCentimes: 10_000, feePaidBy: 'receiver' }, 'محمد العلوي');
    // Collected 10 MAD short: the driver hands in what they actually have.
    third = await deliver(driver, {
      codCentimes: 5_000,
      feePaidBy: 'receiver',
      shortCentimes: 1_000,
    });
    net = [20_000 - cents(first.order.price) - 400, 10_000 - 200, 5_000 - 100];
  });

  it('writes the delivery rows pending: nothing is payable while the driver holds the cash', async () => {
    const { entries } = await ledgerOf(`?type=delivery_fee`);
    expect(entries.map((e) => [e.trackingNumber, e.amount])).toEqual([
      [first.order.trackingNumber, -first.order.price],
    ]);
    const balance = await balanceOf();
    expect(balance).toMatchObject({
      collected: 350,
      fees: centimesToMad(-cents(first.order.price) - 700),
      payableNow: 0,
      withDrivers: centimesToMad(net[0] + net[1] + net[2]),
      inPayout: 0,
      paidOut: 0,
    });
    await expectTotalsToMatchRows(balance);
  });

  it('a partial remittance pays the oldest delivery in full and the next in part', async () => {
    const response = await remit(driver, first.collectedCentimes + 3_000);
    expect(response.statusCode, response.body).toBe(201);
    expect(await handedIn(first.order.id)).toBe(first.collectedCentimes);
    expect(await handedIn(second.order.id)).toBe(3_000);
    expect(await handedIn(third.order.id)).toBe(0);
    const balance = await balanceOf();
    expect(balance.payableNow).toBe(centimesToMad(net[0]));
    expect(balance.withDrivers).toBe(centimesToMad(net[1] + net[2]));
    await expectTotalsToMatchRows(balance);
  });

  it('the next remittance finishes the second and starts the third; its rows wait for the rest', async () => {
    const response = await remit(driver, second.collectedCentimes - 3_000 + 500);
    expect(response.statusCode, response.body).toBe(201);
    expect(await handedIn(second.order.id)).toBe(second.collectedCentimes);
    expect(await handedIn(third.order.id)).toBe(500);
    const balance = await balanceOf();
    expect(balance.payableNow).toBe(centimesToMad(net[0] + net[1]));
    expect(balance.withDrivers).toBe(centimesToMad(net[2]));
  });

  it('a delivery collected short is payable once what the driver collected is handed in', async () => {
    const response = await remit(driver, third.collectedCentimes - 500);
    expect(response.statusCode, response.body).toBe(201);
    expect(await handedIn(third.order.id)).toBe(third.collectedCentimes);
    const balance = await balanceOf(accountant);
    expect(balance.payableNow).toBe(centimesToMad(net[0] + net[1] + net[2]));
    expect(balance.withDrivers).toBe(0);
    await expectTotalsToMatchRows(balance);
  });

  describe('payouts and their statement', () => {
    let batchId: string;

    beforeAll(async () => {
      // The office's payout batch, as /admin/payouts builds it and marks it paid.
      const db = testApp.database.db;
      batchId = await db.transaction(async (tx) => {
        const [batch] = await tx
          .insert(payoutBatches)
          .values({
            number: `PO-${randomUUID().slice(0, 8)}`,
            totalCentimes: 0,
            organizationCount: 1,
            createdByUserId: admin.user.id,
          })
          .returning();
        const taken = await takePayableEntries(tx, batch!.id, [organizationId], new Date());
        const amount = taken.get(organizationId)!;
        await tx
          .update(payoutBatches)
          .set({ totalCentimes: amount })
          .where(eq(payoutBatches.id, batch!.id));
        await tx.insert(payoutBatchItems).values({
          batchId: batch!.id,
          organizationId,
          amountCentimes: amount,
          rib: '011780000012345678901234',
          ribHolder: 'Atlas Test SARL',
        });
        return batch!.id;
      });
    });

    it('lists the payout in payout, then paid with its reference', async () => {
      const before = await get('/api/dashboard/payouts', accountant);
      expect(before.statusCode, before.body).toBe(200);
      const [payout] = (before.json() as { payouts: MerchantPayout[] }).payouts;
      const expected = centimesToMad(net[0] + net[1] + net[2]);
      expect(payout).toMatchObject({
        batchId,
        amount: expected,
        status: 'in_payout',
        paidAt: null,
      });
      expect(await balanceOf()).toMatchObject({ payableNow: 0, inPayout: expected });

      await testApp.database.db.transaction(async (tx) => {
        const paid = await appendLedgerEntry(tx, {
          organizationId,
          type: 'payout',
          amountCentimes: -cents(expected),
          placement: 'in_payout',
          payoutBatchId: batchId,
          createdAt: new Date(),
        });
        await tx
          .update(payoutBatches)
          .set({ paidAt: new Date(), paidReference: 'VIR-2026-11-27' })
          .where(eq(payoutBatches.id, batchId));
        await tx
          .update(payoutBatchItems)
          .set({ payoutEntryId: paid.id })
          .where(eq(payoutBatchItems.batchId, batchId));
      });
      const after = (await get('/api/dashboard/payouts', owner)).json() as {
        payouts: MerchantPayout[];
      };
      expect(after.payouts[0]).toMatchObject({
        status: 'paid',
        reference: 'VIR-2026-11-27',
        paidAt: expect.any(String),
      });
      const balance = await balanceOf();
      expect(balance).toMatchObject({ balance: 0, inPayout: 0, paidOut: -expected });
      await expectTotalsToMatchRows(balance);
    });

    it('gives the owner the statement: a line per parcel, the Arabic receiver, the totals', async () => {
      const response = await get(`/api/dashboard/payouts/${batchId}/statement.pdf`, owner, {
        'accept-language': 'fr',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="statement-/);
      const text = await readPdfText(response.rawPayload);
      for (const { order } of [first, second, third]) expect(text).toContain(order.trackingNumber);
      expect(text).toContain('محمد العلوي');
      expect(text).toContain('Colis livré');
      const normalise = (value: string) => value.normalize('NFKC');
      expect(text).toContain(normalise(formatCentimes(net[0] + net[1] + net[2], 'fr')));
      expect(text).toContain(normalise(formatCentimes(35_000, 'fr')));
      expect(text).toContain('VIR-2026-11-27');
    });

    it('answers another organization 404 for the statement, and a made-up id too', async () => {
      for (const url of [
        `/api/dashboard/payouts/${batchId}/statement.pdf`,
        `/api/dashboard/payouts/${randomUUID()}/statement.pdf`,
        '/api/dashboard/payouts/not-an-id/statement.pdf',
      ]) {
        const response = await get(url, stranger);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({ code: 'ledger.payout_not_found' });
      }
      expect(
        ((await get('/api/dashboard/payouts', stranger)).json() as { payouts: unknown[] }).payouts,
      ).toEqual([]);
    });
  });
});

describe('the ledger list', () => {
  it('filters by type and by days, newest first', async () => {
    const all = await ledgerOf();
    expect(all.total).toBe(all.entries.length);
    const times = all.entries.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const cod = await ledgerOf('?type=cod_collected');
    expect(cod.entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([50, 100, 200]);
    expect(cod.entries.every((e) => e.trackingNumber !== null)).toBe(true);
    expect((await ledgerOf('?from=2999-01-01')).total).toBe(0);
    expect((await ledgerOf(`?from=2000-01-01&to=2999-12-31`)).total).toBe(all.total);
  });

  it.each([
    ['?type=refund', 'type'],
    ['?from=27-11-2026', 'from'],
    ['?from=2026-11-27&to=2026-11-01', 'to'],
    ['?pageSize=1000', 'pageSize'],
  ])('refuses %s with a 400 on %s', async (query, field) => {
    const response = await get(`/api/dashboard/ledger${query}`, owner);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys((response.json() as { errors: object }).errors)).toContain(field);
  });

  it('exports the rows as CSV with its columns in the reader’s language', async () => {
    const english = await get('/api/dashboard/ledger/export.csv?type=cod_collected', accountant);
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-disposition']).toMatch(/attachment; filename="ledger-/);
    const lines = english.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Type,Amount (MAD),Balance after (MAD),Tracking number,Reason');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'cod_collected')).toBe(true);
    const french = await get('/api/dashboard/ledger/export.csv', owner, {
      'accept-language': 'fr',
    });
    expect(french.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Date,Type,Montant (MAD),Solde après (MAD),Numéro de suivi,Motif',
    );
  });
});

describe('who reads the money', () => {
  const moneyReads = [
    '/api/dashboard/balance',
    '/api/dashboard/ledger',
    '/api/dashboard/ledger/export.csv',
    '/api/dashboard/payouts',
    '/api/dashboard/payouts/export.csv',
    `/api/dashboard/payouts/${randomUUID()}/statement.pdf`,
  ];

  it('refuses staff 403 on every money read', async () => {
    for (const url of moneyReads) {
      const response = await get(url, staff);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toMatchObject({ code: 'org.role_forbidden' });
    }
  });

  it('refuses the office and the signed-out', async () => {
    for (const url of moneyReads) {
      expect((await get(url, admin)).statusCode, url).toBe(403);
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('are in the OpenAPI document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: object }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/dashboard/balance',
        '/api/dashboard/ledger',
        '/api/dashboard/ledger/export.csv',
        '/api/dashboard/payouts',
        '/api/dashboard/payouts/export.csv',
        '/api/dashboard/payouts/{batchId}/statement.pdf',
      ]),
    );
  });

  it('shows a new organization zeros, not an error', async () => {
    expect(await balanceOf(stranger)).toEqual({
      collected: 0,
      fees: 0,
      adjustments: 0,
      payableNow: 0,
      withDrivers: 0,
      inPayout: 0,
      paidOut: 0,
      balance: 0,
    });
  });
});

describe('the ledger itself', () => {
  it('refuses UPDATE and DELETE of its rows', async () => {
    const db = testApp.database.db;
    await expect(
      db.execute(sql`update merchant_ledger_entries set amount_centimes = 0`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from merchant_ledger_entries`)).rejects.toThrow();
    const rows = await db
      .select({ id: merchantLedgerEntries.id })
      .from(merchantLedgerEntries)
      .where(eq(merchantLedgerEntries.organizationId, organizationId));
    expect(rows.length).toBeGreaterThan(0);
  });
});
