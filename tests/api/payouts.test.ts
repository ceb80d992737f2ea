import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerEntry } from '../../src/server/ledger/ledger-book-queries';
import { toBusinessDate } from '../../src/shared/business-calendar';
import type {
  CreatePayoutBatchResult,
  LedgerAdjustmentResult,
  PayoutBalanceRow,
  PayoutBatch,
  PayoutBatchDetail,
} from '../../src/shared/schemas/payout-schemas';
import { queryRows } from '../resilience/table-fingerprints';
import { bearer, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/*
 * The office's payouts (docs/decisions/0020-merchant-money.md, "Payouts"): balances, batches with
 * their minimum and bank-detail rules, two batches at once, the bank's transfer file, a batch
 * marked paid (payout rows, mail in each reader's language, in-app notices), adjustments, and
 * every refusal leaving nothing behind.
 */

let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp({ runOutboxWorker: false });
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(async () => {
  await testApp.close();
});

const db = () => testApp.database.db;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db(), query);

/** A RIB whose key checks: 97 − (first 22 digits × 100 mod 97). */
function validRib(first22: string): string {
  const key = 97n - ((BigInt(first22) * 100n) % 97n);
  return `${first22}${String(key).padStart(2, '0')}`;
}

interface Merchant {
  organizationId: string;
  /** Its owner's email (an account made in SQL: only `signedIn` merchants can sign in). */
  ownerEmail: string;
  owner?: LoggedIn;
}

let merchantNumber = 0;
/**
 * An organization with an owner, its bank details set as given. Made in SQL (signing up hashes a
 * password, which costs); `signedIn` registers a company instead, whose owner can read the app.
 */
async function newMerchant(
  name: string,
  bank: { rib: string | null; holder?: string | null } = { rib: null },
  signedIn = false,
): Promise<Merchant> {
  merchantNumber += 1;
  const fullName = `${name} ${merchantNumber}`;
  const holder = bank.holder === undefined ? `${name} SARL` : bank.holder;
  if (signedIn) {
    const owner = await loginAs(testApp, 'company');
    const organizationId = owner.user.organization!.id;
    await db().execute(
      sql`update organizations set name = ${fullName}, rib = ${bank.rib}, rib_holder = ${holder}
        where id = ${organizationId}`,
    );
    return { organizationId, ownerEmail: owner.email, owner };
  }
  const ownerEmail = `owner-${randomUUID()}@atlas.test`;
  const [organization] = await rows<{ id: string }>(
    sql`insert into organizations (name, rib, rib_holder) values (${fullName}, ${bank.rib}, ${holder})
      returning id`,
  );
  await db().execute(
    sql`insert into users (email, role, organization_id, org_role, locale)
      values (${ownerEmail}, 'USER', ${organization!.id}, 'owner', 'en')`,
  );
  return { organizationId: organization!.id, ownerEmail };
}

/** Payable money in the organization's ledger, one row per amount (MAD). */
async function addPayable(organizationId: string, ...amounts: number[]): Promise<void> {
  await db().transaction(async (tx) => {
    for (const amount of amounts) {
      await appendLedgerEntry(tx, {
        organizationId,
        type: 'cod_collected',
        amountCentimes: Math.round(amount * 100),
        placement: 'payable',
        orderId: randomUUID(),
        createdAt: new Date(),
      });
    }
  });
}

async function addPending(organizationId: string, amount: number): Promise<void> {
  await db().transaction((tx) =>
    appendLedgerEntry(tx, {
      organizationId,
      type: 'cod_collected',
      amountCentimes: Math.round(amount * 100),
      placement: 'pending',
      orderId: randomUUID(),
      createdAt: new Date(),
    }),
  );
}

const get = (url: string, token = admin.token) =>
  testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

const post = (url: string, payload: object, token = admin.token, key: string | null = null) =>
  testApp.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...(key && { 'idempotency-key': key }) },
    payload,
  });

const createBatch = (payload: object = {}, key: string = randomUUID()) =>
  post('/api/admin/payouts', payload, admin.token, key);

async function balanceOf(organizationId: string) {
  const [row] = await rows<{
    payable: string;
    pending: string;
    in_payout: string;
    balance: string;
    paid_out: string;
  }>(
    sql`select payable_centimes::text as payable, pending_centimes::text as pending,
      in_payout_centimes::text as in_payout, balance_centimes::text as balance,
      paid_out_centimes::text as paid_out
      from organization_balances where organization_id = ${organizationId}`,
  );
  return {
    payable: Number(row!.payable),
    pending: Number(row!.pending),
    inPayout: Number(row!.in_payout),
    balance: Number(row!.balance),
    paidOut: Number(row!.paid_out),
  };
}

const count = async (table: string) => {
  const [row] = await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return row!.n;
};

/** Every table a refused payout request could have written to, counted. */
const moneyCounts = async () => ({
  batches: await count('payout_batches'),
  items: await count('payout_batch_items'),
  entries: await count('merchant_ledger_entries'),
  taken: await count('payout_batch_entries'),
  audit: await count('audit_log'),
  outbox: await count('outbox_messages'),
  notifications: await count('notifications'),
});

describe('a payout batch', () => {
  let paid: Merchant;
  let belowMinimum: Merchant;
  let noRib: Merchant;
  let wrongKey: Merchant;
  let notDigits: Merchant;
  let result: CreatePayoutBatchResult;

  beforeAll(async () => {
    paid = await newMerchant('Atlas Souk', { rib: validRib('0077801234567890123456') });
    belowMinimum = await newMerchant('Petit Shop', { rib: validRib('1811101234567890123456') });
    noRib = await newMerchant('Sans Banque');
    wrongKey = await newMerchant('Mauvaise Clé', { rib: '007780123456789012345600' });
    notDigits = await newMerchant('Lettres', { rib: 'MA64007780123456789012AB' });
    await addPayable(paid.organizationId, 350, 150.25, -40);
    await addPending(paid.organizationId, 99);
    await addPayable(belowMinimum.organizationId, 99.99);
    await addPayable(noRib.organizationId, 300);
    await addPayable(wrongKey.organizationId, 200);
    await addPayable(notDigits.organizationId, 150);
  });

  it('lists balances with the largest payable first and which RIBs can be paid', async () => {
    const response = await get('/api/admin/payouts/balances');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as PayoutBalanceRow[];
    expect(list.map((row) => row.payable)).toEqual(
      [...list.map((row) => row.payable)].sort((a, b) => b - a),
    );
    expect(list.find((row) => row.organizationId === paid.organizationId)).toMatchObject({
      payable: 460.25,
      pending: 99,
      inPayout: 0,
      balance: 559.25,
      hasValidRib: true,
    });
    expect(list.find((row) => row.organizationId === wrongKey.organizationId)?.hasValidRib).toBe(
      false,
    );
    expect(list.find((row) => row.organizationId === noRib.organizationId)?.hasValidRib).toBe(
      false,
    );
    expect(list.find((row) => row.organizationId === notDigits.organizationId)?.hasValidRib).toBe(
      false,
    );
    const searched = await get('/api/admin/payouts/balances?q=petit');
    expect((searched.json() as PayoutBalanceRow[]).map((row) => row.organizationId)).toEqual([
      belowMinimum.organizationId,
    ]);
    expect(searched.headers['x-total-count']).toBe('1');
  });

  it('needs an Idempotency-Key', async () => {
    const response = await post('/api/admin/payouts', {});
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'idempotency.key_required' });
  });

  it('pays everyone at or above the minimum with a valid RIB, and says why the others wait', async () => {
    const response = await createBatch();
    expect(response.statusCode, response.body).toBe(201);
    result = response.json() as CreatePayoutBatchResult;
    const year = toBusinessDate(new Date()).slice(0, 4);
    expect(result.batch).toMatchObject({
      number: `VR-${year}-000001`,
      total: 460.25,
      organizationCount: 1,
      status: 'unpaid',
      createdBy: admin.email,
      paidAt: null,
    });
    expect(result.included).toEqual([
      { organizationId: paid.organizationId, organizationName: 'Atlas Souk 1', amount: 460.25 },
    ]);
    const reasons = Object.fromEntries(
      result.excluded.map((row) => [row.organizationId, row.reason]),
    );
    expect(reasons).toEqual({
      [belowMinimum.organizationId]: 'below_minimum',
      [noRib.organizationId]: 'no_rib',
      [wrongKey.organizationId]: 'no_rib',
      [notDigits.organizationId]: 'no_rib',
    });
    expect(await balanceOf(paid.organizationId)).toMatchObject({
      payable: 0,
      pending: 9900,
      inPayout: 46025,
      balance: 55925,
    });
    const [taken] = await rows<{ n: number }>(
      sql`select count(*)::int as n from payout_batch_entries where batch_id = ${result.batch.id}`,
    );
    expect(taken!.n).toBe(3);
    const [audit] = await rows<{ action: string; actor_user_id: string }>(
      sql`select action, actor_user_id from audit_log where record_id = ${result.batch.id}`,
    );
    expect(audit).toEqual({ action: 'payout.batch_create', actor_user_id: admin.user.id });
  });

  it('answers the batch with its items, and lists it', async () => {
    const response = await get(`/api/admin/payouts/${result.batch.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as PayoutBatchDetail;
    expect(detail.items).toEqual([
      {
        organizationId: paid.organizationId,
        organizationName: 'Atlas Souk 1',
        amount: 460.25,
        rib: validRib('0077801234567890123456'),
        ribHolder: 'Atlas Souk SARL',
        reference: `${result.batch.number} ATLAS SOUK 1`,
      },
    ]);
    const list = await get('/api/admin/payouts');
    expect((list.json() as PayoutBatch[])[0]?.id).toBe(result.batch.id);
    expect((await get(`/api/admin/payouts/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/admin/payouts/not-an-id')).statusCode).toBe(404);
  });

  it('pays a named organization below the minimum, never one without a RIB', async () => {
    const response = await createBatch({
      organizationIds: [belowMinimum.organizationId, noRib.organizationId, paid.organizationId],
    });
    expect(response.statusCode, response.body).toBe(201);
    const named = response.json() as CreatePayoutBatchResult;
    expect(named.included.map((row) => [row.organizationId, row.amount])).toEqual([
      [belowMinimum.organizationId, 99.99],
    ]);
    expect(
      Object.fromEntries(named.excluded.map((row) => [row.organizationId, row.reason])),
    ).toEqual({
      [noRib.organizationId]: 'no_rib',
      [paid.organizationId]: 'nothing_payable',
    });
    expect(named.batch.number).toMatch(/-000002$/);
  });

  it('refuses a batch with nothing to pay (409) and keeps the numbers gapless', async () => {
    const before = await moneyCounts();
    const response = await createBatch({ organizationIds: [noRib.organizationId] });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'payout.nothing_to_pay' });
    const unknown = await createBatch({ organizationIds: [randomUUID()] });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(await moneyCounts()).toEqual(before);
    await addPayable(paid.organizationId, 120);
    const next = await createBatch({ organizationIds: [paid.organizationId] });
    expect(next.statusCode, next.body).toBe(201);
    expect((next.json() as CreatePayoutBatchResult).batch.number).toMatch(/-000003$/);
  });

  it('writes the bank file: holder, RIB, amount with a dot, reference; the amounts add up', async () => {
    await addPayable(noRib.organizationId, 0.1);
    await db().execute(
      sql`update organizations set rib = ${validRib('2301234567890123456789')},
        rib_holder = 'Société "Sans" Banque, Fès' where id = ${noRib.organizationId}`,
    );
    await addPayable(wrongKey.organizationId, 0.2);
    await db().execute(
      sql`update organizations set name = 'متجر الأطلس', rib = ${validRib('0111111111111111111111')}
        where id = ${wrongKey.organizationId}`,
    );
    const created = await createBatch({
      organizationIds: [noRib.organizationId, wrongKey.organizationId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const batch = (created.json() as CreatePayoutBatchResult).batch;
    expect(batch.total).toBe(500.3);
    const response = await get(`/api/admin/payouts/${batch.id}/transfers.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['x-payout-total']).toBe('500.30');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Holder,RIB,Amount,Reference');
    expect(lines.slice(1).sort()).toEqual(
      [
        `"Société ""Sans"" Banque, Fès",${validRib('2301234567890123456789')},300.10,${batch.number} SANS BANQUE 3`,
        `Mauvaise Clé SARL,${validRib('0111111111111111111111')},200.20,${batch.number} ${wrongKey.organizationId.slice(0, 8).toUpperCase()}`,
      ].sort(),
    );
    const sum = lines
      .slice(1)
      .map((line) => Math.round(Number(/,(\d+\.\d{2}),[^,]*$/.exec(line)![1]) * 100))
      .reduce((a, b) => a + b, 0);
    expect(sum / 100).toBe(batch.total);
    const french = await testApp.app.inject({
      url: `/api/admin/payouts/${batch.id}/transfers.csv`,
      headers: { ...bearer(admin.token), 'accept-language': 'fr' },
    });
    expect(french.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Titulaire,RIB,Montant,Référence',
    );
  });
});

describe('two batches at once', () => {
  it('never pay one entry twice, and their sums add up', async () => {
    const first = await newMerchant('Concurrent A', { rib: validRib('0990000000000000000001') });
    const second = await newMerchant('Concurrent B', { rib: validRib('0990000000000000000002') });
    await addPayable(first.organizationId, 100, 200, 300);
    await addPayable(second.organizationId, 150, 250);
    const organizationIds = [first.organizationId, second.organizationId];
    const responses = await Promise.all([
      createBatch({ organizationIds }),
      createBatch({ organizationIds }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const [taken] = await rows<{ entries: number; distinct_entries: number }>(
      sql`select count(*)::int as entries, count(distinct entry_id)::int as distinct_entries
        from payout_batch_entries where organization_id in (${first.organizationId}, ${second.organizationId})`,
    );
    expect(taken).toEqual({ entries: 5, distinct_entries: 5 });
    const [items] = await rows<{ total: string }>(
      sql`select sum(amount_centimes)::text as total from payout_batch_items
        where organization_id in (${first.organizationId}, ${second.organizationId})`,
    );
    expect(Number(items!.total)).toBe(100_000);
    expect((await balanceOf(first.organizationId)).inPayout).toBe(60_000);
    expect((await balanceOf(second.organizationId)).payable).toBe(0);
  });
});

describe('a batch marked paid', () => {
  let merchant: Merchant;
  let other: Merchant;
  let batch: PayoutBatch;
  const today = () => toBusinessDate(new Date());

  beforeAll(async () => {
    merchant = await newMerchant('Paid Shop', { rib: validRib('0120000000000000000001') }, true);
    other = await newMerchant('Other Shop', { rib: validRib('0120000000000000000002') });
    await db().execute(sql`update users set locale = 'fr' where email = ${merchant.ownerEmail}`);
    // An accountant (told, in Arabic), a staff member and a disabled accountant (neither told).
    await db()
      .execute(sql`insert into users (email, role, user_type, organization_id, org_role, locale, disabled_at)
      values (${`accountant-${randomUUID()}@atlas.test`}, 'USER', null, ${merchant.organizationId}, 'accountant', 'ar', null),
             (${`staff-${randomUUID()}@atlas.test`}, 'USER', null, ${merchant.organizationId}, 'staff', 'en', null),
             (${`gone-${randomUUID()}@atlas.test`}, 'USER', null, ${merchant.organizationId}, 'accountant', 'en', now())`);
    await addPayable(merchant.organizationId, 1234.5);
    await addPending(merchant.organizationId, 80);
    await addPayable(other.organizationId, 500);
    const created = await createBatch({
      organizationIds: [merchant.organizationId, other.organizationId],
    });
    expect(created.statusCode, created.body).toBe(201);
    batch = (created.json() as CreatePayoutBatchResult).batch;
  });

  it.each([
    [{ paidAt: '2026-01-01' }, 'reference'],
    [{ reference: '   ', paidAt: '2026-01-01' }, 'reference'],
    [{ reference: 'x'.repeat(101), paidAt: '2026-01-01' }, 'reference'],
    [{ reference: 'VIR-1' }, 'paidAt'],
    [{ reference: 'VIR-1', paidAt: '2026-02-30' }, 'paidAt'],
    [{ reference: 'VIR-1', paidAt: '27/11/2026' }, 'paidAt'],
    [{ reference: 'VIR-1', paidAt: '2999-01-01' }, 'paidAt'],
    [{ reference: 'VIR-1', paidAt: '2000-01-01' }, 'paidAt'],
  ])('refuses %j (400 on %s) and stores nothing', async (payload, field) => {
    const before = await moneyCounts();
    const response = await post(`/api/admin/payouts/${batch.id}/paid`, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual([field]);
    expect(await moneyCounts()).toEqual(before);
  });

  it('writes the payout rows, tells owners and accountants in their language, once', async () => {
    const response = await post(`/api/admin/payouts/${batch.id}/paid`, {
      reference: 'VIR-2026-7781',
      paidAt: today(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as PayoutBatchDetail;
    expect(detail.batch).toMatchObject({
      status: 'paid',
      paidReference: 'VIR-2026-7781',
      markedPaidBy: admin.email,
    });
    expect(toBusinessDate(new Date(detail.batch.paidAt!))).toBe(today());

    const payouts = await rows<{ organization_id: string; amount: string; entry_matches: boolean }>(
      sql`select e.organization_id, e.amount_centimes::text as amount,
        i.payout_entry_id = e.id as entry_matches
        from merchant_ledger_entries e
        join payout_batch_items i on i.batch_id = e.payout_batch_id and i.organization_id = e.organization_id
        where e.type = 'payout' and e.payout_batch_id = ${batch.id} order by e.amount_centimes`,
    );
    expect(payouts).toEqual([
      { organization_id: merchant.organizationId, amount: '-123450', entry_matches: true },
      { organization_id: other.organizationId, amount: '-50000', entry_matches: true },
    ]);
    expect(await balanceOf(merchant.organizationId)).toMatchObject({
      payable: 0,
      inPayout: 0,
      pending: 8000,
      balance: 8000,
      paidOut: -123450,
    });

    const mails = await rows<{ recipient: string; locale: string; params: { amount: string } }>(
      sql`select recipient, locale, params from outbox_messages
        where template = 'payout-paid' and params->>'batch' = ${batch.number} order by recipient`,
    );
    const merchantMails = mails.filter((mail) => mail.params.amount === '1234.5');
    expect(merchantMails.map((mail) => [mail.recipient.split('-')[0], mail.locale]).sort()).toEqual(
      [
        ['accountant', 'ar'],
        [merchant.ownerEmail.split('-')[0], 'fr'],
      ].sort(),
    );
    expect(mails.filter((mail) => mail.params.amount === '500')).toHaveLength(1);

    const notices = await get('/api/dashboard/notifications', merchant.owner!.token);
    const [notice] = (notices.json() as { notifications: Array<{ title: string; body: string }> })
      .notifications;
    expect(notice?.title).toBe('Virement de 1.234,50 MAD envoyé');
    expect(notice?.body).toContain('VIR-2026-7781');
    const [told] = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications n join users u on u.id = n.user_id
        where n.notice = 'payout_paid' and u.organization_id = ${merchant.organizationId}`,
    );
    expect(told!.n).toBe(2);

    const again = await post(`/api/admin/payouts/${batch.id}/paid`, {
      reference: 'VIR-AGAIN',
      paidAt: today(),
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'payout.already_paid' });
    const audit = await get(`/api/admin/audit?recordId=${batch.id}`);
    expect(audit.statusCode, audit.body).toBe(200);
    expect((audit.json() as Array<{ action: string }>).map((row) => row.action).sort()).toEqual([
      'payout.batch_create',
      'payout.mark_paid',
    ]);
  });

  it('renders the mail in the reader language', async () => {
    const { renderMessage } = await import('../../src/server/messages/message-templates');
    const mail = renderMessage(
      'payout-paid',
      'email',
      { amount: '1234.5', reference: 'VIR-1', paidOn: '2026-11-27', batch: 'VR-2026-000001' },
      { publicUrl: 'http://atlas.test' },
      'fr',
    );
    expect(mail.subject).toBe('Atlas Freight vous a versé 1.234,50 MAD');
    expect(mail.text).toContain('27 novembre 2026');
    expect(mail.text).toContain('http://atlas.test/dashboard/payouts');
  });
});

describe('ledger adjustments', () => {
  let merchant: Merchant;

  beforeAll(async () => {
    merchant = await newMerchant('Adjusted', { rib: null });
  });

  it('adds a payable row with its reason and an audit row', async () => {
    const response = await post(
      `/api/admin/organizations/${merchant.organizationId}/ledger-adjustments`,
      { amount: 25.5, reason: '  Parcel damaged in the depot  ' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as LedgerAdjustmentResult;
    expect(result.entry).toMatchObject({
      amount: 25.5,
      balanceAfter: 25.5,
      reason: 'Parcel damaged in the depot',
    });
    expect(result.balance).toMatchObject({ payable: 25.5, balance: 25.5 });
    const down = await post(
      `/api/admin/organizations/${merchant.organizationId}/ledger-adjustments`,
      { amount: -30, reason: 'Fee charged twice, refunded' },
    );
    expect(down.statusCode, down.body).toBe(201);
    expect((down.json() as LedgerAdjustmentResult).balance.payable).toBe(-4.5);
    const [row] = await rows<{ type: string; created_by_user_id: string; reason: string }>(
      sql`select type, created_by_user_id, reason from merchant_ledger_entries
        where id = ${result.entry.id}`,
    );
    expect(row).toEqual({
      type: 'adjustment',
      created_by_user_id: admin.user.id,
      reason: 'Parcel damaged in the depot',
    });
    const audit = await rows<{ action: string; record_type: string }>(
      sql`select action, record_type from audit_log where record_id = ${merchant.organizationId}`,
    );
    expect(audit).toEqual([
      { action: 'ledger.adjustment', record_type: 'organization' },
      { action: 'ledger.adjustment', record_type: 'organization' },
    ]);
  });

  it.each([
    [{ reason: 'No amount' }, 'amount'],
    [{ amount: 0, reason: 'Nothing' }, 'amount'],
    [{ amount: 0.001, reason: 'Too precise' }, 'amount'],
    [{ amount: 100_000.01, reason: 'Too large' }, 'amount'],
    [{ amount: -100_001, reason: 'Too small' }, 'amount'],
    [{ amount: 'abc', reason: 'Not a number' }, 'amount'],
    [{ amount: 10 }, 'reason'],
    [{ amount: 10, reason: 'ab' }, 'reason'],
    [{ amount: 10, reason: 'x'.repeat(301) }, 'reason'],
  ])('refuses %j (400 on %s) and stores nothing', async (payload, field) => {
    const before = await moneyCounts();
    const response = await post(
      `/api/admin/organizations/${merchant.organizationId}/ledger-adjustments`,
      payload,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys((response.json() as { errors: object }).errors)).toEqual([field]);
    expect(await moneyCounts()).toEqual(before);
  });

  it('answers 404 for an organization that does not exist', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const response = await post(`/api/admin/organizations/${id}/ledger-adjustments`, {
        amount: 10,
        reason: 'Unknown',
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'adjustment.organization_not_found' });
    }
  });
});

describe('customers', () => {
  it.each([
    ['GET', '/api/admin/payouts/balances'],
    ['GET', '/api/admin/payouts/balances/export.csv'],
    ['GET', '/api/admin/payouts'],
    ['GET', '/api/admin/payouts/export.csv'],
    ['POST', '/api/admin/payouts'],
    ['GET', `/api/admin/payouts/${randomUUID()}`],
    ['GET', `/api/admin/payouts/${randomUUID()}/transfers.csv`],
    ['POST', `/api/admin/payouts/${randomUUID()}/paid`],
    ['POST', `/api/admin/organizations/${randomUUID()}/ledger-adjustments`],
  ] as const)('are refused %s %s (403)', async (method, url) => {
    const response = await testApp.app.inject({
      method,
      url,
      headers: { ...bearer(customer.token), 'idempotency-key': randomUUID() },
      ...(method === 'POST' && { payload: { amount: 10, reason: 'Mine', reference: 'x' } }),
    });
    expect(response.statusCode, response.body).toBe(403);
  });
});
