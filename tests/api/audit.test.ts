import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages } from '../../src/server/db/schema';
import { addDays, toBusinessDate } from '../../src/shared/business-calendar';
import type { AuditEntry } from '../../src/shared/schemas/audit-schemas';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  startTruckRun,
  driverTruckPayload,
  loginAs,
  type LoggedIn,
  type TruckWithDriver,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';

let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;

/** Every office action of this file comes from this address; the rows must name it. */
const OFFICE_IP = '203.0.113.7';

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, customer] = await Promise.all([
    loginAs(testApp, 'admin'),
    loginAs(testApp, 'individual'),
  ]);
});
afterAll(() => testApp.close());

/** An admin request from the office's address. */
/** Each call a new attempt: a remittance needs its own Idempotency-Key, other routes ignore it. */
const asOffice = (method: 'POST' | 'PUT', url: string, payload?: object, token = admin.token) =>
  testApp.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    payload,
    remoteAddress: OFFICE_IP,
  });

const updateStatus = (orderId: string, payload: object) =>
  asOffice('PUT', `/api/admin/orders/${orderId}/update-status`, payload);

const dispatch = (orderId: string, truck: TruckWithDriver) =>
  updateStatus(orderId, {
    status: 'IN_TRANSIT',
    truckNumber: truck.truckNumber,
    driverId: truck.driverId,
  });

const getAudit = (query = '', token = admin.token, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/admin/audit${query}`,
    headers: { ...bearer(token), ...headers },
  });

/** The audit rows of one record, as the database holds them. */
const rowsOf = (recordId: string) =>
  testApp.database.db.select().from(auditLog).where(eq(auditLog.recordId, recordId));

/** The one audit row of this record, read through GET /api/admin/audit. */
async function onlyEntryOf(recordType: string, recordId: string): Promise<AuditEntry> {
  const response = await getAudit(`?recordType=${recordType}&recordId=${recordId}`);
  expect(response.statusCode, response.body).toBe(200);
  const entries = response.json() as AuditEntry[];
  expect(entries).toHaveLength(1);
  expect(response.headers['x-total-count']).toBe('1');
  return entries[0]!;
}

const byAdminFromOffice = () => ({
  actorUserId: admin.user.id,
  actorEmail: admin.email,
  actorRole: 'ADMIN',
  ip: OFFICE_IP,
});

describe('one audit row per office action', () => {
  it('dispatch: the order, its status before and after, the truck and driver', async () => {
    const order = await createOrderAs(testApp, customer);
    expect(await rowsOf(order.id)).toEqual([]);
    const truck = await createTruckWithDriver(testApp);
    const response = await dispatch(order.id, truck);
    expect(response.statusCode, response.body).toBe(200);
    const entry = await onlyEntryOf('order', order.id);
    expect(entry).toMatchObject({
      ...byAdminFromOffice(),
      action: 'order.dispatch',
      recordType: 'order',
      recordId: order.id,
      before: { status: 'PENDING' },
      after: { status: 'IN_TRANSIT', truckNumber: truck.truckNumber, driverId: truck.driverId },
    });
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  });

  it('delivery by the office, with its reason', async () => {
    const order = await createOrderAs(testApp, customer);
    expect((await dispatch(order.id, await createTruckWithDriver(testApp))).statusCode).toBe(200);
    const response = await updateStatus(order.id, {
      status: 'DELIVERED',
      reason: 'Receiver confirmed by phone',
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await rowsOf(order.id);
    expect(rows.map((row) => row.action).sort()).toEqual(['order.deliver', 'order.dispatch']);
    const delivered = rows.find((row) => row.action === 'order.deliver')!;
    expect(delivered).toMatchObject({
      actorUserId: admin.user.id,
      actorRole: 'ADMIN',
      ip: OFFICE_IP,
      recordType: 'order',
      before: { status: 'IN_TRANSIT' },
      after: { status: 'DELIVERED', reason: 'Receiver confirmed by phone' },
    });
  });

  it('cancel, with its reason', async () => {
    const order = await createOrderAs(testApp, customer);
    const response = await updateStatus(order.id, { status: 'CANCELLED', reason: 'Duplicate' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await onlyEntryOf('order', order.id)).toMatchObject({
      ...byAdminFromOffice(),
      action: 'order.cancel',
      before: { status: 'PENDING' },
      after: { status: 'CANCELLED', reason: 'Duplicate' },
    });
  });

  it('a cash remittance: the driver, the amount and what they still hold', async () => {
    const truck = await createTruckWithDriver(testApp);
    // The receiver pays the fee at the door: the driver holds the price.
    const order = await createOrderAs(testApp, customer, {
      payment_method: 'cash_on_delivery',
      fee_paid_by: 'receiver',
    });
    expect((await dispatch(order.id, truck)).statusCode).toBe(200);
    expect((await updateStatus(order.id, { status: 'DELIVERED' })).statusCode).toBe(200);
    const response = await asOffice('POST', '/api/admin/cash/remittances', {
      driverId: truck.driverId,
      amount: 100,
    });
    expect(response.statusCode, response.body).toBe(201);
    const remittanceId = response.json().remittance.id as string;
    const held = Math.round(order.price * 100);
    expect(await onlyEntryOf('cash_remittance', remittanceId)).toMatchObject({
      ...byAdminFromOffice(),
      action: 'cash.remittance',
      before: { driverId: truck.driverId, outstandingCentimes: held },
      after: { amountCentimes: 10_000, outstandingCentimes: held - 10_000 },
    });
  });

  it('a driver and their truck added, then the driver deactivated and activated again', async () => {
    const added = await asOffice('POST', '/api/admin/trucks/add', driverTruckPayload());
    expect(added.statusCode, added.body).toBe(201);
    const { id: truckId, driverId, truckNumber, fullName } = added.json().truck;
    expect(await onlyEntryOf('truck', truckId)).toMatchObject({
      ...byAdminFromOffice(),
      action: 'truck.create',
      before: null,
      after: { truckNumber, driverId, driverName: fullName },
    });

    const off = await asOffice('POST', `/api/admin/drivers/${driverId}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    const on = await asOffice('POST', `/api/admin/drivers/${driverId}/activate`);
    expect(on.statusCode, on.body).toBe(200);
    const entries = (await getAudit(`?recordType=driver&recordId=${driverId}`)).json();
    expect(entries).toMatchObject([
      { ...byAdminFromOffice(), action: 'driver.activate', before: { active: false } },
      { ...byAdminFromOffice(), action: 'driver.deactivate', before: { active: true } },
    ]);
    expect(entries.map((entry: AuditEntry) => entry.after)).toEqual([
      { active: true },
      { active: false },
    ]);
  });

  it('a failed message queued again', async () => {
    const [failed] = await testApp.database.db
      .insert(outboxMessages)
      .values({
        channel: 'sms',
        recipient: '+212612345678',
        template: 'receiver-delivered',
        params: { trackingNumber: 'MA-AUDIT-0001', pickupLoc: 'Rabat', deliveryLoc: 'Tanger' },
        status: 'failed',
        attempts: 8,
        nextAttemptAt: null,
        lastError: 'SMS gateway answered 503',
      })
      .returning();
    const response = await asOffice('POST', `/api/admin/messages/${failed!.id}/retry`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await onlyEntryOf('message', failed!.id)).toMatchObject({
      ...byAdminFromOffice(),
      action: 'message.retry',
      before: { status: 'failed', attempts: 8 },
      after: { status: 'queued', attempts: 0 },
    });
  });

  it('an account disabled and enabled again', async () => {
    const other = await loginAs(testApp, 'company');
    expect((await asOffice('POST', `/api/admin/users/${other.user.id}/disable`)).statusCode).toBe(
      200,
    );
    expect((await asOffice('POST', `/api/admin/users/${other.user.id}/enable`)).statusCode).toBe(
      200,
    );
    const entries = (await getAudit(`?recordType=user&recordId=${other.user.id}`)).json();
    expect(entries).toMatchObject([
      {
        ...byAdminFromOffice(),
        action: 'account.enable',
        before: { disabled: true },
        after: { disabled: false },
      },
      {
        ...byAdminFromOffice(),
        action: 'account.disable',
        before: { disabled: false },
        after: { disabled: true },
      },
    ]);
  });
});

describe('a refused office action writes no audit row', () => {
  it('dispatch onto a busy truck, a cancel without its reason, an unknown order', async () => {
    const truck = await createTruckWithDriver(testApp);
    const first = await createOrderAs(testApp, customer);
    const second = await createOrderAs(testApp, customer);
    expect((await dispatch(first.id, truck)).statusCode).toBe(200);
    await startTruckRun(testApp, truck);
    expect((await dispatch(second.id, truck)).statusCode).toBe(409);
    expect((await updateStatus(second.id, { status: 'CANCELLED' })).statusCode).toBe(400);
    expect(await rowsOf(second.id)).toEqual([]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await updateStatus(unknown, { status: 'CANCELLED', reason: 'x' })).statusCode).toBe(
      404,
    );
    expect(await rowsOf(unknown)).toEqual([]);
  });

  it('a remittance above what the driver holds, a retry of a sent message, disabling oneself', async () => {
    const before = await testApp.database.db.select({ id: auditLog.id }).from(auditLog);
    const truck = await createTruckWithDriver(testApp);
    const remittance = await asOffice('POST', '/api/admin/cash/remittances', {
      driverId: truck.driverId,
      amount: 5,
    });
    expect(remittance.statusCode).toBe(400);
    const [sent] = await testApp.database.db
      .insert(outboxMessages)
      .values({
        channel: 'email',
        recipient: 'someone@example.ma',
        template: 'order-placed',
        params: { trackingNumber: 'MA-AUDIT-0002' },
        status: 'sent',
        attempts: 1,
      })
      .returning();
    expect((await asOffice('POST', `/api/admin/messages/${sent!.id}/retry`)).statusCode).toBe(409);
    expect((await asOffice('POST', `/api/admin/users/${admin.user.id}/disable`)).statusCode).toBe(
      409,
    );
    expect(
      (await asOffice('POST', '/api/admin/drivers/00000000-0000-4000-8000-000000000000/activate'))
        .statusCode,
    ).toBe(404);
    const after = await testApp.database.db.select({ id: auditLog.id }).from(auditLog);
    expect(after.length).toBe(before.length);
  });

  it('what customers and drivers do is not an office action', async () => {
    const order = await createOrderAs(testApp, customer);
    expect(await rowsOf(order.id)).toEqual([]);
  });
});

describe('the database keeps audit rows as written', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on audit_log', async () => {
    const [row] = await testApp.database.db.select().from(auditLog).limit(1);
    expect(row).toBeDefined();
    const { db } = testApp.database;
    await expect(
      db.update(auditLog).set({ ip: '10.0.0.1' }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(
      db.execute(sql`update audit_log set action = 'order.cancel'`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still).toEqual(row);
  });

  it('no route changes or deletes an audit row', async () => {
    const [row] = await testApp.database.db.select().from(auditLog).limit(1);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await testApp.app.inject({
        method,
        url: `/api/admin/audit/${row!.id}`,
        headers: bearer(admin.token),
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('GET /api/admin/audit', () => {
  let otherAdmin: LoggedIn;
  let cancelled: string;

  beforeAll(async () => {
    otherAdmin = await loginAs(testApp, 'admin');
    const order = await createOrderAs(testApp, customer);
    cancelled = order.id;
    const response = await asOffice(
      'PUT',
      `/api/admin/orders/${order.id}/update-status`,
      { status: 'CANCELLED', reason: 'Customer called' },
      otherAdmin.token,
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('lists newest first and pages with a total', async () => {
    const all = await getAudit();
    expect(all.statusCode, all.body).toBe(200);
    const entries = all.json() as AuditEntry[];
    expect(Number(all.headers['x-total-count'])).toBe(entries.length);
    expect(entries.length).toBeGreaterThan(5);
    const times = entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await getAudit('?page=2&pageSize=2');
    expect(second.json()).toEqual(entries.slice(2, 4));
    expect(second.headers['x-total-count']).toBe(String(entries.length));
  });

  it('filters by actor (id or email), action, record and days', async () => {
    const byId = (await getAudit(`?actor=${otherAdmin.user.id}`)).json() as AuditEntry[];
    expect(byId.map((entry) => entry.recordId)).toEqual([cancelled]);
    const byEmail = await getAudit(`?actor=${encodeURIComponent(otherAdmin.email.toUpperCase())}`);
    expect(byEmail.json()).toEqual(byId);

    const cancels = (await getAudit('?action=order.cancel')).json() as AuditEntry[];
    expect(cancels.length).toBeGreaterThanOrEqual(2);
    expect(cancels.every((entry) => entry.action === 'order.cancel')).toBe(true);

    const trucks = (await getAudit('?recordType=truck')).json() as AuditEntry[];
    expect(trucks.length).toBeGreaterThanOrEqual(1);
    expect(trucks.every((entry) => entry.recordType === 'truck')).toBe(true);

    const today = toBusinessDate(new Date());
    const todays = await getAudit(`?actor=${otherAdmin.user.id}&from=${today}&to=${today}`);
    expect(todays.json()).toHaveLength(1);
    const tomorrow = addDays(today, 1);
    expect((await getAudit(`?from=${tomorrow}`)).json()).toEqual([]);
    expect((await getAudit(`?to=${addDays(today, -1)}`)).json()).toEqual([]);
  });

  it('refuses bad filters with 400 and the field', async () => {
    for (const query of [
      '?from=yesterday',
      '?to=2026-13-01',
      '?from=2026-02-30',
      '?from=0000-01-01',
      '?to=9999-12-31',
      '?from=2026-05-02&to=2026-05-01',
      '?action=order.explode',
      '?recordType=planet',
      `?recordId=${'x'.repeat(101)}`,
      '?pageSize=1000',
    ]) {
      const response = await getAudit(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors, query).toBeDefined();
    }
    const reversed = await getAudit('?from=2026-05-02&to=2026-05-01');
    expect(reversed.json().errors.to).toBe('The start date must be on or before the end date');
  });

  it('exports the filtered trail as CSV, headings in the reader’s language', async () => {
    const response = await getAudit(`/export.csv?actor=${otherAdmin.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /filename="audit-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time,Actor,Actor role,Action,Record type,Record ID,Before,After,Address',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `${otherAdmin.email},ADMIN,order.cancel,order,${cancelled},"{""status"":""PENDING""}"`,
    );
    expect(lines[1]).toMatch(/,203\.0\.113\.7$/);
    const french = await getAudit(`/export.csv?actor=${otherAdmin.user.id}`, admin.token, {
      'accept-language': 'fr',
    });
    expect(french.body).toContain('Heure,Auteur,Rôle de l');
  });

  it('refuses customers (403) and callers without a session (401)', async () => {
    expect((await getAudit('', customer.token)).statusCode).toBe(403);
    expect((await getAudit('/export.csv', customer.token)).statusCode).toBe(403);
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/admin/audit' });
    expect(anonymous.statusCode).toBe(401);
  });
});
