import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  companyProfiles,
  invoices,
  orders,
  organizations,
  users,
} from '../../src/server/db/schema';
import { createInvoicesService } from '../../src/server/invoices/invoices-service';
import { amountInFrenchWords } from '../../src/server/documents/amount-in-french-words';
import { appendLedgerEntry } from '../../src/server/ledger/ledger-book-queries';
import { toBusinessDate } from '../../src/shared/business-calendar';
import { businessMonthOf, monthPeriod, previousMonth } from '../../src/shared/invoices';
import type {
  CreditNoteResult,
  Invoice,
  InvoiceDetail,
  IssueInvoicesResult,
} from '../../src/shared/schemas/invoice-schemas';
import {
  bearer,
  individualPayload,
  login,
  loginAs,
  TEST_PASSWORD,
  uniqueEmail,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { readPdfText } from '../support/pdf-text';

/*
 * Invoices and credit notes (docs/decisions/0020-merchant-money.md, "Invoices"): fees set up as
 * delivered orders and ledger rows written straight to the database, invoices issued through the
 * API, and the rules checked on what the database holds afterwards.
 */

let testApp: TestApp;
let admin: LoggedIn;
let owner: LoggedIn;
let accountant: LoggedIn;
let staff: LoggedIn;
let stranger: LoggedIn;
let ownerOrganizationId: string;

const ARABIC_NAME = 'شركة الأطلس للتجارة';
const now = new Date();
const thisMonth = businessMonthOf(now);
/** The month every test but the job's invoices, and the one before it (the job's). */
const month = previousMonth(thisMonth);
const jobMonth = previousMonth(month);
const year = Number(toBusinessDate(now).slice(0, 4));
/** Organizations besides the owner's with fees in `month`: 20 issuers race over them all. */
const OTHER_ORGANIZATIONS = 8;

const call = (who: LoggedIn | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload && { payload }),
  });

const issue = (forMonth: string, who: LoggedIn = admin) =>
  call(who, 'POST', '/api/admin/invoices/issue', { month: forMonth });

const creditNote = (invoiceId: string, payload: object) =>
  call(admin, 'POST', `/api/admin/invoices/${invoiceId}/credit-note`, payload);

/** An instant `days` days and `minutes` minutes into a month of Morocco's calendar. */
const inMonth = (of: string, days: number, minutes = 0) =>
  new Date(monthPeriod(of).from.getTime() + days * 86_400_000 + minutes * 60_000);

async function insertOrganization(name: string): Promise<{ id: string; userId: string }> {
  const { db } = testApp.database;
  const [organization] = await db
    .insert(organizations)
    .values({ name })
    .returning({ id: organizations.id });
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail('merchant'),
      role: 'USER',
      userType: 'COMPANY',
      organizationId: organization!.id,
      orgRole: 'owner',
    })
    .returning({ id: users.id });
  await db.insert(companyProfiles).values({
    userId: user!.id,
    companyName: name,
    rc: 'RC-1',
    nIf: 'IF-1',
    responsableName: 'Responsable',
    phone: '+212661234567',
    address: `Address of ${name}`,
  });
  return { id: organization!.id, userId: user!.id };
}

let trackingSequence = 0;

/** A delivered order written straight to the table; answers its id and tracking number. */
async function insertDeliveredOrder(order: {
  organizationId: string;
  userId: string;
  priceCentimes: number;
  deliveredAt: Date;
  feePaidBy?: 'sender' | 'receiver';
  codAmountCentimes?: number;
}) {
  trackingSequence += 1;
  const trackingNumber = `MA-INV${String(trackingSequence).padStart(4, '0')}`;
  const [row] = await testApp.database.db
    .insert(orders)
    .values({
      trackingNumber,
      organizationId: order.organizationId,
      userId: order.userId,
      status: 'DELIVERED',
      pickupLoc: 'Casablanca',
      deliveryLoc: 'Rabat',
      pickupLat: 33.5,
      pickupLng: -7.6,
      deliveryLat: 34,
      deliveryLng: -6.8,
      weightKg: '12',
      lengthCm: '40',
      widthCm: '30',
      heightCm: '20',
      priceCentimes: order.priceCentimes,
      distanceKm: '88.4',
      durationMinutes: 90,
      feePaidBy: order.feePaidBy ?? 'sender',
      codAmountCentimes: order.codAmountCentimes ?? 0,
      deliveryDate: order.deliveredAt,
      createdAt: new Date(order.deliveredAt.getTime() - 3_600_000),
    })
    .returning({ id: orders.id });
  return { id: row!.id, trackingNumber };
}

/** A COD fee as the ledger takes it on delivery. */
const insertCodFee = (organizationId: string, orderId: string, centimes: number, createdAt: Date) =>
  appendLedgerEntry(testApp.database.db, {
    organizationId,
    type: 'cod_fee',
    amountCentimes: -centimes,
    placement: 'payable',
    orderId,
    createdAt,
  });

const countRows = async (table: typeof invoices | typeof auditLog) => {
  const [row] = await testApp.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
};

/** Every number of a kind, in order: they must run 1, 2, 3 … without a gap or a repeat. */
async function numbersOf(kind: 'invoice' | 'credit_note'): Promise<string[]> {
  const rows = await testApp.database.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.kind, kind))
    .orderBy(invoices.number);
  return rows.map((row) => row.number);
}

/** 'octobre 2026' for '2026-10', as the invoice names its month. */
const formatFrenchMonth = (of: string) =>
  new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${of}-01T12:00:00Z`),
  );

const expectedNumbers = (prefix: 'FA' | 'AV', count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${year}-${String(i + 1).padStart(6, '0')}`);

async function ownerInvoice(): Promise<InvoiceDetail> {
  const [row] = await testApp.database.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, ownerOrganizationId),
        eq(invoices.month, month),
        eq(invoices.kind, 'invoice'),
      ),
    );
  const response = await call(admin, 'GET', `/api/admin/invoices/${row!.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { invoice: InvoiceDetail }).invoice;
}

/** A new customer account moved into the owner's organization with this role, signed in. */
async function memberOf(role: 'accountant' | 'staff'): Promise<LoggedIn> {
  const payload = individualPayload({ email: uniqueEmail(role) });
  const registered = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  await testApp.database.db
    .update(users)
    .set({ organizationId: ownerOrganizationId, orgRole: role })
    .where(eq(users.email, payload.email));
  return login(testApp, payload.email, TEST_PASSWORD);
}

/** The owner's organization's fees of `month`, and what must not be invoiced. */
const ownerFees = { trackingNumbers: [] as string[], codReference: '' };

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, owner, stranger] = await Promise.all([
    loginAs(testApp, 'admin'),
    loginAs(testApp, 'company'),
    loginAs(testApp, 'individual'),
  ]);
  ownerOrganizationId = owner.user.organization!.id;
  await testApp.database.db
    .update(organizations)
    .set({ name: ARABIC_NAME, ice: '001234567000089' })
    .where(eq(organizations.id, ownerOrganizationId));
  [accountant, staff] = await Promise.all([memberOf('accountant'), memberOf('staff')]);

  const [{ id: ownerUserId }] = await testApp.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, owner.email));
  const mine = { organizationId: ownerOrganizationId, userId: ownerUserId! };
  // Invoiced: two sender-paid fees (one online, one cash) and a COD fee.
  const first = await insertDeliveredOrder({
    ...mine,
    priceCentimes: 3_000,
    deliveredAt: inMonth(month, 1),
  });
  const second = await insertDeliveredOrder({
    ...mine,
    priceCentimes: 4_550,
    deliveredAt: inMonth(month, 2),
    codAmountCentimes: 35_000,
  });
  await insertCodFee(ownerOrganizationId, second.id, 1_234, inMonth(month, 2));
  ownerFees.trackingNumbers = [first.trackingNumber, second.trackingNumber];
  // Not invoiced: a fee the receiver paid, and deliveries of the months around.
  await insertDeliveredOrder({
    ...mine,
    priceCentimes: 9_900,
    deliveredAt: inMonth(month, 3),
    feePaidBy: 'receiver',
  });
  await insertDeliveredOrder({
    ...mine,
    priceCentimes: 7_000,
    deliveredAt: inMonth(thisMonth, 0, 5),
  });
  await insertDeliveredOrder({
    ...mine,
    priceCentimes: 7_000,
    deliveredAt: new Date(monthPeriod(month).from.getTime() - 60_000),
  });

  for (let index = 0; index < OTHER_ORGANIZATIONS; index += 1) {
    const other = await insertOrganization(`Merchant ${index}`);
    await insertDeliveredOrder({
      organizationId: other.id,
      userId: other.userId,
      priceCentimes: 1_000 + index,
      deliveredAt: inMonth(month, 5, index),
    });
  }
  // Deliveries that month, but every fee paid by the receiver: nothing to invoice.
  const receiverOnly = await insertOrganization('Receiver pays');
  await insertDeliveredOrder({
    organizationId: receiverOnly.id,
    userId: receiverOnly.userId,
    priceCentimes: 2_000,
    deliveredAt: inMonth(month, 6),
    feePaidBy: 'receiver',
  });
}, 60_000);
afterAll(() => testApp.close());

describe('issuing a month', () => {
  it('refuses the current or a future month, and bad months, storing nothing', async () => {
    const [invoicesBefore, auditBefore] = await Promise.all([
      countRows(invoices),
      countRows(auditLog),
    ]);
    const current = await issue(thisMonth);
    expect(current.statusCode).toBe(400);
    expect(current.json()).toMatchObject({
      code: 'invoice.month_not_past',
      errorCodes: { month: 'invoice.month_not_past' },
    });
    expect((await issue(`${year + 1}-01`)).statusCode).toBe(400);
    for (const bad of ['2026-13', '2026-1', '1999-12', 'November', '', 202611]) {
      const response = await call(admin, 'POST', '/api/admin/invoices/issue', { month: bad });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invoice.month_invalid' });
    }
    const french = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/invoices/issue',
      headers: { ...bearer(admin.token), 'accept-language': 'fr' },
      payload: { month: thisMonth },
    });
    expect(french.json()).toMatchObject({
      message: 'Les factures ne sont émises que pour un mois terminé',
    });
    expect(await countRows(invoices)).toBe(invoicesBefore);
    expect(await countRows(auditLog)).toBe(auditBefore);
  });

  it('numbers invoices without a gap or a repeat when 20 issue the month at once', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => issue(month)));
    const results = responses.map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as IssueInvoicesResult;
    });
    const organizationsInvoiced = OTHER_ORGANIZATIONS + 1;
    expect(results.reduce((sum, result) => sum + result.issued, 0)).toBe(organizationsInvoiced);
    for (const result of results) {
      expect(result.issued + result.alreadyIssued).toBe(organizationsInvoiced);
      expect(result.skipped).toBe(1);
    }
    expect(await numbersOf('invoice')).toEqual(expectedNumbers('FA', organizationsInvoiced));
    // One audit row per invoice issued, naming the admin.
    const audited = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invoice.issue'));
    expect(audited).toHaveLength(organizationsInvoiced);
    expect(audited[0]).toMatchObject({ recordType: 'invoice', actorUserId: admin.user.id });
  });

  it('is idempotent: issuing the month again issues nothing and answers the counts', async () => {
    const before = await countRows(invoices);
    const again = await issue(month);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      month,
      issued: 0,
      alreadyIssued: OTHER_ORGANIZATIONS + 1,
      skipped: 1,
    });
    expect(await countRows(invoices)).toBe(before);
  });

  it('invoices the fees the organization paid: HT, TVA and TTC at the VAT rate', async () => {
    const invoice = await ownerInvoice();
    // 30.00 + 45.50 delivery fees + 12.34 COD fee = 87.84 TTC; HT = round(8 784 / 1.2) = 7 320.
    expect(invoice).toMatchObject({
      kind: 'invoice',
      month,
      customerName: ARABIC_NAME,
      customer: {
        name: ARABIC_NAME,
        ice: '001234567000089',
        address: '12 Avenue Hassan II, Agadir',
      },
      carrier: { legalName: 'Atlas Freight SARL' },
      vatRatePercent: 20,
      totalTtc: 87.84,
      totalHt: 73.2,
      totalVat: 14.64,
      lineCount: 3,
      remainingTtc: 87.84,
      creditNotes: [],
    });
    expect(invoice.number).toMatch(new RegExp(`^FA-${year}-\\d{6}$`));
    expect(invoice.lines).toEqual([
      {
        position: 1,
        kind: 'delivery_fee',
        reference: ownerFees.trackingNumbers[0],
        quantity: 1,
        unitTtc: 30,
        totalTtc: 30,
      },
      {
        position: 2,
        kind: 'delivery_fee',
        reference: ownerFees.trackingNumbers[1],
        quantity: 1,
        unitTtc: 45.5,
        totalTtc: 45.5,
      },
      {
        position: 3,
        kind: 'cod_fee',
        reference: ownerFees.trackingNumbers[1],
        quantity: 1,
        unitTtc: 12.34,
        totalTtc: 12.34,
      },
    ]);
  });

  it('is issued by the monthly job as no one, with no audit row', async () => {
    const other = await insertOrganization('Job merchant');
    await insertDeliveredOrder({
      organizationId: other.id,
      userId: other.userId,
      priceCentimes: 2_500,
      deliveredAt: inMonth(jobMonth, 10),
    });
    const auditBefore = await countRows(auditLog);
    const service = createInvoicesService({
      db: testApp.database.db,
      clock: () => new Date(),
      log: pino({ level: 'silent' }),
    });
    // The job merchant's, and the owner's order delivered a minute before `month` began.
    expect(await service.issueMonth(jobMonth, null)).toMatchObject({ issued: 2, skipped: 0 });
    const [row] = await testApp.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, other.id), eq(invoices.month, jobMonth)));
    expect(row).toMatchObject({ issuedByUserId: null, totalTtcCentimes: 2_500 });
    const [owners] = await testApp.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, ownerOrganizationId), eq(invoices.month, jobMonth)));
    expect(owners).toMatchObject({ totalTtcCentimes: 7_000, lineCount: 1 });
    expect(await countRows(auditLog)).toBe(auditBefore);
    expect(await numbersOf('invoice')).toEqual(expectedNumbers('FA', OTHER_ORGANIZATIONS + 3));
  });
});

describe('credit notes', () => {
  it('credit part of an invoice, then the rest; never more than the invoice', async () => {
    const invoice = await ownerInvoice();
    const auditBefore = await countRows(auditLog);

    const partial = await creditNote(invoice.id, { reason: 'Parcel damaged', amount: 10.5 });
    expect(partial.statusCode, partial.body).toBe(201);
    const partialBody = partial.json() as CreditNoteResult;
    expect(partialBody).toMatchObject({
      remainingTtc: 77.34,
      creditNote: {
        kind: 'credit_note',
        number: `AV-${year}-000001`,
        creditedInvoiceId: invoice.id,
        creditedInvoiceNumber: invoice.number,
        reason: 'Parcel damaged',
        totalTtc: 10.5,
        // 1 050 / 1.2 = 875 HT.
        totalHt: 8.75,
        totalVat: 1.75,
        month,
      },
    });

    const before = await countRows(invoices);
    const over = await creditNote(invoice.id, { reason: 'Too much', amount: 77.35 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'invoice.credit_exceeds_remaining',
      errorCodes: { amount: 'invoice.credit_exceeds_remaining' },
    });
    expect(over.json().errors.amount).toContain('77.34');
    for (const bad of [
      { reason: 'ab' },
      { reason: 'x'.repeat(301) },
      { amount: 5 },
      { reason: 'Valid reason', amount: 0 },
      { reason: 'Valid reason', amount: -3 },
      { reason: 'Valid reason', amount: 1.005 },
      { reason: 'Valid reason', amount: 'ten' },
    ]) {
      expect((await creditNote(invoice.id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await countRows(invoices)).toBe(before);

    const full = await creditNote(invoice.id, { reason: 'Invoice cancelled' });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json()).toMatchObject({
      remainingTtc: 0,
      creditNote: { number: `AV-${year}-000002`, totalTtc: 77.34 },
    });
    const again = await creditNote(invoice.id, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invoice.fully_credited' });

    const noteId = (full.json() as CreditNoteResult).creditNote.id;
    expect((await creditNote(noteId, { reason: 'On a credit note' })).json()).toMatchObject({
      code: 'invoice.not_an_invoice',
    });
    expect((await creditNote(randomUUID(), { reason: 'Nowhere' })).statusCode).toBe(404);
    expect((await creditNote('not-an-id', { reason: 'Nowhere' })).statusCode).toBe(404);

    const detail = await ownerInvoice();
    expect(detail.remainingTtc).toBe(0);
    expect(detail.creditNotes.map((note) => note.totalTtc)).toEqual([10.5, 77.34]);
    expect(await numbersOf('credit_note')).toEqual(expectedNumbers('AV', 2));
    const audited = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'invoice.credit_note'));
    expect(audited).toHaveLength(2);
    expect(await countRows(auditLog)).toBe(auditBefore + 2);
  });

  it('never exceed the invoice when several are asked for at once', async () => {
    const [row] = await testApp.database.db
      .select({ id: invoices.id, total: invoices.totalTtcCentimes })
      .from(invoices)
      .where(and(eq(invoices.kind, 'invoice'), eq(invoices.customerName, 'Merchant 7')));
    // 10.07 MAD: five credit notes of 3 MAD at once, only three fit.
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => creditNote(row!.id, { reason: 'Goodwill', amount: 3 })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 400, 400]);
    expect(await numbersOf('credit_note')).toEqual(expectedNumbers('AV', 5));
  });
});

describe('invoices never change', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of invoices and their lines', async () => {
    const { db } = testApp.database;
    await expect(db.execute(sql`update invoices set total_ttc_centimes = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from invoices`)).rejects.toThrow();
    await expect(db.execute(sql`truncate invoices cascade`)).rejects.toThrow();
    await expect(
      db.execute(sql`update invoice_lines set total_ttc_centimes = 1`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from invoice_lines`)).rejects.toThrow();
    await expect(db.execute(sql`truncate invoice_lines`)).rejects.toThrow();
    const invoice = await ownerInvoice();
    expect(invoice.totalTtc).toBe(87.84);
  });
});

describe('who reads invoices', () => {
  it("gives an organization's owner and accountant their own invoices, staff and others nothing", async () => {
    for (const member of [owner, accountant]) {
      const response = await call(member, 'GET', '/api/dashboard/invoices');
      expect(response.statusCode, response.body).toBe(200);
      const listed = (response.json() as { invoices: Invoice[] }).invoices;
      // Two months' invoices, and the first's two credit notes.
      expect(listed.map((invoice) => invoice.kind).sort()).toEqual([
        'credit_note',
        'credit_note',
        'invoice',
        'invoice',
      ]);
      expect(listed.every((invoice) => invoice.organizationId === ownerOrganizationId)).toBe(true);
      expect(response.headers['x-total-count']).toBe('4');
    }
    const onlyNotes = await call(
      owner,
      'GET',
      `/api/dashboard/invoices?kind=credit_note&month=${month}`,
    );
    expect((onlyNotes.json() as { invoices: Invoice[] }).invoices).toHaveLength(2);

    const refused = await call(staff, 'GET', '/api/dashboard/invoices');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'org.role_forbidden' });
    const theirs = await call(stranger, 'GET', '/api/dashboard/invoices');
    expect((theirs.json() as { invoices: Invoice[] }).invoices).toEqual([]);
    expect((await call(admin, 'GET', '/api/dashboard/invoices')).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/dashboard/invoices')).statusCode).toBe(401);
  });

  it('keeps the office routes for admins', async () => {
    const invoice = await ownerInvoice();
    for (const [method, url, payload] of [
      ['POST', '/api/admin/invoices/issue', { month }],
      ['GET', '/api/admin/invoices', undefined],
      ['GET', `/api/admin/invoices/${invoice.id}`, undefined],
      ['POST', `/api/admin/invoices/${invoice.id}/credit-note`, { reason: 'Not mine' }],
    ] as const) {
      expect((await call(owner, method, url, payload)).statusCode, url).toBe(403);
      expect((await call(undefined, method, url, payload)).statusCode, url).toBe(401);
    }
  });

  it('lists every invoice for the office, by month, kind, organization and number', async () => {
    const all = await call(admin, 'GET', '/api/admin/invoices?pageSize=100');
    expect(all.headers['x-total-count']).toBe(String(OTHER_ORGANIZATIONS + 3 + 5));
    const ofOwner = await call(
      admin,
      'GET',
      `/api/admin/invoices?organizationId=${ownerOrganizationId}&kind=invoice&month=${month}`,
    );
    const listed = ofOwner.json() as Invoice[];
    expect(listed).toHaveLength(1);
    const byNumber = await call(admin, 'GET', `/api/admin/invoices?q=${listed[0]!.number}`);
    expect((byNumber.json() as Invoice[]).map((invoice) => invoice.id)).toEqual([listed[0]!.id]);
    const csv = await call(admin, 'GET', `/api/admin/invoices/export.csv?month=${jobMonth}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Total incl. VAT (MAD)');
    expect(csv.body).toContain('Job merchant');
    const bad = await call(admin, 'GET', '/api/admin/invoices?kind=receipt&month=2026-13');
    expect(bad.statusCode).toBe(400);
  });

  it("answers an invoice's PDF to its organization's owner and accountant, 404 to others", async () => {
    const invoice = await ownerInvoice();
    const url = `/api/dashboard/invoices/${invoice.id}/pdf`;
    const response = await call(accountant, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`${invoice.number}.pdf`);
    // One line of text per line of the page: the total in words wraps.
    const text = (await readPdfText(response.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(invoice.number);
    expect(text).toContain(ARABIC_NAME);
    expect(text).toContain('001234567000089');
    expect(text).toContain(ownerFees.trackingNumbers[0]);
    expect(text).toContain('Frais de contre-remboursement');
    for (const figure of ['87,84', '73,20', '14,64']) expect(text).toContain(figure);
    expect(text).toContain(`à la somme de : ${amountInFrenchWords(8_784)} TTC`);
    expect(text).toContain(`Période : ${formatFrenchMonth(month)}`);
    expect(amountInFrenchWords(8_784)).toContain('quatre-vingt-sept dirhams');

    expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    expect((await call(staff, 'GET', url)).statusCode).toBe(403);
    expect(
      (await call(owner, 'GET', `/api/dashboard/invoices/${randomUUID()}/pdf`)).statusCode,
    ).toBe(404);
  });

  it("gives the office a credit note's PDF, naming the invoice it corrects and why", async () => {
    const invoice = await ownerInvoice();
    const note = invoice.creditNotes[0]!;
    const response = await call(admin, 'GET', `/api/admin/invoices/${note.id}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    const text = await readPdfText(response.rawPayload);
    expect(text).toContain(`Avoir ${note.number}`);
    expect(text).toContain(invoice.number);
    expect(text).toContain('Parcel damaged');
    expect(text).toContain('10,50');
    expect((await call(owner, 'GET', `/api/admin/invoices/${note.id}/pdf`)).statusCode).toBe(403);
  });
});
