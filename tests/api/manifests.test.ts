import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  manifestParcels,
  manifests,
  orders,
  organizations,
  users,
} from '../../src/server/db/schema';
import { formatCentimes } from '../../src/server/documents/document-format';
import { MAX_MANIFEST_PARCELS } from '../../src/shared/labels';
import type {
  Manifest,
  ManifestCreated,
  ManifestDetail,
  ManifestDriver,
  ManifestParcelCandidate,
} from '../../src/shared/schemas/manifest-schemas';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  individualPayload,
  login,
  loginAs,
  TEST_PASSWORD,
  uniqueEmail,
  type LoggedIn,
  type TruckWithDriver,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { readPdfText } from '../support/pdf-text';

/*
 * Hand-over sheets (docs/decisions/0022-labels-manifests-scanning.md, "Hand-over sheets"): parcels
 * placed and dispatched through the API, sheets made through it, and what the database, the
 * answers and the PDF hold afterwards.
 */

let testApp: TestApp;
let admin: LoggedIn;
let merchant: LoggedIn;
let otherMerchant: LoggedIn;
let driverA: TruckWithDriver;
let driverB: TruckWithDriver;

const ARABIC_RECEIVER = 'محمد العلوي';
const MERCHANT_NAME = 'Bazar Agadir';

/** Parcels of the merchant: three with driver A, one with B, one delivered, one cancelled. */
const parcel = {} as Record<
  'toMarrakech' | 'toRabat' | 'paid' | 'withB' | 'delivered' | 'cancelled',
  { id: string; trackingNumber: string }
>;

const call = (who: LoggedIn | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload && { payload }),
  });

const createDispatch = (driverId: string, orderIds: string[], who: LoggedIn = admin) =>
  call(who, 'POST', '/api/admin/manifests', { driverId, orderIds });

async function placeParcel(
  customer: LoggedIn,
  overrides: Parameters<typeof createOrderAs>[2] = {},
): Promise<{ id: string; trackingNumber: string }> {
  const order = await createOrderAs(testApp, customer, overrides);
  return { id: order.id, trackingNumber: order.trackingNumber };
}

const manifestCount = async () =>
  (await testApp.database.db.select({ total: count() }).from(manifests))[0]!.total;

async function amountOf(orderId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ amount: orders.amountToCollectCentimes })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.amount;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  [admin, merchant, otherMerchant, driverA, driverB] = await Promise.all([
    loginAs(testApp, 'admin'),
    loginAs(testApp, 'company'),
    loginAs(testApp, 'individual'),
    createTruckWithDriver(testApp, { fullName: 'Youssef Amrani' }),
    createTruckWithDriver(testApp, { fullName: 'Hamid Berrada' }),
  ]);
  await testApp.database.db
    .update(organizations)
    .set({ name: MERCHANT_NAME, pickupAddress: '12 rue Talborjt', pickupCity: 'Agadir' })
    .where(eq(organizations.id, merchant.user.organization!.id));
  parcel.toMarrakech = await placeParcel(merchant, {
    delivery_loc: 'Marrakech',
    receiver_name: ARABIC_RECEIVER,
    cod_amount: 350,
  });
  parcel.toRabat = await placeParcel(merchant, { delivery_loc: 'Rabat', cod_amount: 120.5 });
  parcel.paid = await placeParcel(merchant, { delivery_loc: 'Fes', payment_method: 'online' });
  parcel.withB = await placeParcel(merchant, { cod_amount: 80 });
  parcel.delivered = await placeParcel(merchant, { cod_amount: 10 });
  parcel.cancelled = await placeParcel(merchant, { cod_amount: 10 });
  // The lifecycle puts one order at a time on a truck (docs/product.md, decision 5): the first
  // parcel goes through it, the driver's others are written as confirmed onto the same truck and
  // driver, as older data and a loaded van hold them.
  await dispatchOrder(testApp, admin, parcel.toMarrakech.id, driverA);
  await dispatchOrder(testApp, admin, parcel.withB.id, driverB);
  const { db } = testApp.database;
  const withA = { driverId: driverA.driverId, truckId: driverA.truckId };
  await db
    .update(orders)
    .set({ status: 'CONFIRMED', ...withA })
    .where(inArray(orders.id, [parcel.toRabat.id, parcel.paid.id]));
  await db
    .update(orders)
    .set({ status: 'DELIVERED', deliveryDate: new Date(), ...withA })
    .where(eq(orders.id, parcel.delivered.id));
  await db
    .update(orders)
    .set({ status: 'CANCELLED', ...withA })
    .where(eq(orders.id, parcel.cancelled.id));
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('dispatch sheets', { timeout: 60_000 }, () => {
  let sheet: ManifestCreated;
  const orderGiven = () => [parcel.toRabat.id, parcel.toMarrakech.id, parcel.paid.id];

  it('keeps the lines in the order given, with cities, amounts, the count and the total', async () => {
    const response = await createDispatch(driverA.driverId, orderGiven());
    expect(response.statusCode, response.body).toBe(201);
    sheet = response.json() as ManifestCreated;
    expect(sheet.number).toBeGreaterThan(0);

    const { db } = testApp.database;
    const [row] = await db.select().from(manifests).where(eq(manifests.id, sheet.id));
    const amounts = await Promise.all(orderGiven().map(amountOf));
    expect(amounts).toEqual([12_050, 35_000, 0]);
    expect(row).toMatchObject({
      kind: 'dispatch',
      number: sheet.number,
      driverId: driverA.driverId,
      truckId: driverA.truckId,
      organizationId: null,
      createdBy: admin.user.id,
      parcelCount: 3,
      totalToCollectCentimes: 47_050,
    });
    const lines = await db
      .select()
      .from(manifestParcels)
      .where(eq(manifestParcels.manifestId, sheet.id))
      .orderBy(asc(manifestParcels.position));
    expect(
      lines.map((line) => [
        line.position,
        line.orderId,
        line.receiverCity,
        line.amountToCollectCentimes,
      ]),
    ).toEqual([
      [1, parcel.toRabat.id, 'Rabat', 12_050],
      [2, parcel.toMarrakech.id, 'Marrakech', 35_000],
      [3, parcel.paid.id, 'Fes', 0],
    ]);
  });

  it('writes the audit row manifest.create', async () => {
    const [row] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'manifest.create'), eq(auditLog.recordId, sheet.id)));
    expect(row).toMatchObject({
      actorUserId: admin.user.id,
      actorRole: 'ADMIN',
      recordType: 'manifest',
      after: {
        number: sheet.number,
        kind: 'dispatch',
        driverId: driverA.driverId,
        parcelCount: 3,
        totalToCollectCentimes: 47_050,
      },
    });
  });

  it('answers the sheet with its lines and tracking numbers', async () => {
    const response = await call(admin, 'GET', `/api/admin/manifests/${sheet.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { manifest } = response.json() as { manifest: ManifestDetail };
    expect(manifest).toMatchObject({
      number: sheet.number,
      kind: 'dispatch',
      driver: { id: driverA.driverId, name: 'Youssef Amrani' },
      truckNumber: driverA.truckNumber,
      organization: null,
      parcelCount: 3,
      totalToCollect: 470.5,
    });
    expect(manifest.lines.map((line) => [line.trackingNumber, line.receiverName])).toEqual([
      [parcel.toRabat.trackingNumber, 'Karim Alaoui'],
      [parcel.toMarrakech.trackingNumber, ARABIC_RECEIVER],
      [parcel.paid.trackingNumber, 'Karim Alaoui'],
    ]);
    expect((await call(admin, 'GET', `/api/admin/manifests/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('prints the PDF: tracking numbers, the total, the driver, an Arabic receiver, the signatures', async () => {
    const response = await call(admin, 'GET', `/api/admin/manifests/${sheet.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await readPdfText(response.rawPayload);
    expect(text).toContain(`Bordereau de remise N° ${sheet.number}`);
    for (const key of ['toRabat', 'toMarrakech', 'paid'] as const) {
      expect(text).toContain(parcel[key].trackingNumber);
    }
    expect(text).toContain(formatCentimes(47_050, 'fr'));
    expect(text).toContain(formatCentimes(35_000, 'fr'));
    expect(text).toContain('Youssef Amrani');
    expect(text).toContain(driverA.truckNumber);
    expect(text).toContain(ARABIC_RECEIVER);
    expect(text).toContain('مراكش');
    expect(text).toContain('Remis par');
    expect(text).toContain('Reçu par');
    expect(text).toContain('3 colis');
  });

  it("refuses another driver's parcel and a delivered or cancelled one (409), writing nothing", async () => {
    const before = await manifestCount();
    const otherDriver = await createDispatch(driverA.driverId, [
      parcel.toRabat.id,
      parcel.withB.id,
    ]);
    expect(otherDriver.statusCode).toBe(409);
    expect(otherDriver.json()).toMatchObject({ code: 'manifest.order_other_driver' });
    expect(otherDriver.json().message).toContain(parcel.withB.trackingNumber);

    const closed = await call(admin, 'POST', '/api/admin/manifests', {
      driverId: driverA.driverId,
      orderIds: [parcel.delivered.id, parcel.cancelled.id],
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('manifest.order_closed');
    expect(closed.json().message).toContain(parcel.delivered.trackingNumber);
    expect(closed.json().message).toContain(parcel.cancelled.trackingNumber);

    const french = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/manifests',
      headers: { ...bearer(admin.token), 'accept-language': 'fr' },
      payload: { driverId: driverA.driverId, orderIds: [parcel.delivered.id] },
    });
    expect(french.json().message).toBe(
      `Le colis ${parcel.delivered.trackingNumber} est déjà livré ou annulé`,
    );

    const unknownOrder = await createDispatch(driverA.driverId, [randomUUID()]);
    expect(unknownOrder.statusCode).toBe(409);
    expect(unknownOrder.json().code).toBe('manifest.order_unknown');
    expect(await manifestCount()).toBe(before);
  });

  it('refuses an unknown driver (404), more than 500 parcels, none, or one twice (400)', async () => {
    const before = await manifestCount();
    const unknownDriver = await createDispatch(randomUUID(), [parcel.toRabat.id]);
    expect(unknownDriver.statusCode).toBe(404);
    expect(unknownDriver.json().code).toBe('manifest.driver_not_found');

    const tooMany = Array.from({ length: MAX_MANIFEST_PARCELS + 1 }, () => randomUUID());
    const over = await createDispatch(driverA.driverId, tooMany);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors?.orderIds).toContain(String(MAX_MANIFEST_PARCELS));

    expect((await createDispatch(driverA.driverId, [])).statusCode).toBe(400);
    const twice = await createDispatch(driverA.driverId, [parcel.toRabat.id, parcel.toRabat.id]);
    expect(twice.statusCode).toBe(400);
    expect(await manifestCount()).toBe(before);
  });

  it('refuses customers on the office routes (403) and anonymous callers (401)', async () => {
    expect((await createDispatch(driverA.driverId, [parcel.toRabat.id], merchant)).statusCode).toBe(
      403,
    );
    for (const url of [
      '/api/admin/manifests',
      '/api/admin/manifests/drivers',
      `/api/admin/manifests/parcels?driverId=${driverA.driverId}`,
      `/api/admin/manifests/${sheet.id}`,
      `/api/admin/manifests/${sheet.id}/pdf`,
    ]) {
      expect((await call(merchant, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(undefined, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('lists sheets newest first, a page at a time, by driver', async () => {
    const second = (await createDispatch(driverA.driverId, [parcel.toMarrakech.id])).json();
    const third = (await createDispatch(driverB.driverId, [parcel.withB.id])).json();
    const firstPage = await call(admin, 'GET', '/api/admin/manifests?pageSize=2');
    expect(firstPage.statusCode, firstPage.body).toBe(200);
    expect(firstPage.headers['x-total-count']).toBe('3');
    expect((firstPage.json() as Manifest[]).map((row) => row.id)).toEqual([third.id, second.id]);
    const secondPage = await call(admin, 'GET', '/api/admin/manifests?pageSize=2&page=2');
    expect((secondPage.json() as Manifest[]).map((row) => row.id)).toEqual([sheet.id]);

    const ofB = await call(admin, 'GET', `/api/admin/manifests?driverId=${driverB.driverId}`);
    expect((ofB.json() as Manifest[]).map((row) => [row.id, row.truckNumber])).toEqual([
      [third.id, driverB.truckNumber],
    ]);
    const csv = await call(admin, 'GET', '/api/admin/manifests/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Youssef Amrani');
  });

  it("offers a driver's parcels on the road, and the driver of named parcels", async () => {
    const drivers = (
      await call(admin, 'GET', '/api/admin/manifests/drivers')
    ).json() as ManifestDriver[];
    expect(drivers.find((driver) => driver.id === driverA.driverId)).toMatchObject({
      name: 'Youssef Amrani',
      truckNumber: driverA.truckNumber,
      parcelCount: 3,
    });
    const ofA = (
      await call(admin, 'GET', `/api/admin/manifests/parcels?driverId=${driverA.driverId}`)
    ).json() as ManifestParcelCandidate[];
    expect(ofA.map((row) => row.id).sort()).toEqual(
      [parcel.toMarrakech.id, parcel.toRabat.id, parcel.paid.id].sort(),
    );
    const named = (
      await call(
        admin,
        'GET',
        `/api/admin/manifests/parcels?orderIds=${parcel.withB.id},${parcel.delivered.id}`,
      )
    ).json() as ManifestParcelCandidate[];
    expect(named.map((row) => [row.id, row.driver?.id])).toEqual([
      [parcel.withB.id, driverB.driverId],
    ]);
    const bad = await call(admin, 'GET', '/api/admin/manifests/parcels?orderIds=nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe("merchants' collection sheets", { timeout: 60_000 }, () => {
  let pending: { id: string; trackingNumber: string }[];
  let sheet: ManifestCreated;

  beforeAll(async () => {
    pending = [
      await placeParcel(merchant, { delivery_loc: 'Tangier', cod_amount: 99.99 }),
      await placeParcel(merchant, { delivery_loc: 'Oujda', cod_amount: 200 }),
    ];
  });

  it("offers the organization's parcels not yet picked up", async () => {
    const response = await call(merchant, 'GET', '/api/dashboard/manifests/parcels');
    expect(response.statusCode, response.body).toBe(200);
    const ids = (response.json() as { parcels: ManifestParcelCandidate[] }).parcels.map(
      (row) => row.id,
    );
    expect(ids).toEqual(
      expect.arrayContaining([...pending.map((row) => row.id), parcel.toRabat.id]),
    );
    expect(ids).not.toContain(parcel.delivered.id);
    expect(ids).not.toContain(parcel.cancelled.id);
    const other = await call(otherMerchant, 'GET', '/api/dashboard/manifests/parcels');
    expect((other.json() as { parcels: unknown[] }).parcels).toEqual([]);
  });

  it('makes a sheet of pending parcels with no driver named, and audits it', async () => {
    const response = await call(merchant, 'POST', '/api/dashboard/manifests', {
      orderIds: pending.map((row) => row.id),
    });
    expect(response.statusCode, response.body).toBe(201);
    sheet = response.json() as ManifestCreated;
    const [row] = await testApp.database.db
      .select()
      .from(manifests)
      .where(eq(manifests.id, sheet.id));
    expect(row).toMatchObject({
      kind: 'collection',
      organizationId: merchant.user.organization!.id,
      driverId: null,
      truckId: null,
      parcelCount: 2,
      totalToCollectCentimes: 29_999,
    });
    const [audit] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, sheet.id));
    expect(audit).toMatchObject({ action: 'manifest.create', actorUserId: merchant.user.id });
  });

  it('names the driver when every parcel was given to the same one', async () => {
    const response = await call(merchant, 'POST', '/api/dashboard/manifests', {
      orderIds: [parcel.toRabat.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await testApp.database.db
      .select()
      .from(manifests)
      .where(eq(manifests.id, (response.json() as ManifestCreated).id));
    expect(row).toMatchObject({ driverId: driverA.driverId, truckId: driverA.truckId });
  });

  it('prints the sheet with the merchant and blank lines for the driver', async () => {
    const response = await call(merchant, 'GET', `/api/dashboard/manifests/${sheet.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await readPdfText(response.rawPayload);
    expect(text).toContain(`Bordereau d'enlèvement N° ${sheet.number}`);
    expect(text).toContain(MERCHANT_NAME);
    expect(text).toContain('12 rue Talborjt');
    expect(text).toContain(formatCentimes(29_999, 'fr'));
    expect(text).toContain('طنجة');
    expect(text).toContain('Reçu par');
  });

  it('refuses a parcel picked up, delivered or cancelled (409)', async () => {
    await testApp.database.db
      .update(orders)
      .set({ pickedUpAt: new Date() })
      .where(eq(orders.id, parcel.paid.id));
    const pickedUp = await call(merchant, 'POST', '/api/dashboard/manifests', {
      orderIds: [parcel.paid.id],
    });
    expect(pickedUp.statusCode).toBe(409);
    expect(pickedUp.json().code).toBe('manifest.order_picked_up');
    const closed = await call(merchant, 'POST', '/api/dashboard/manifests', {
      orderIds: [parcel.delivered.id],
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('manifest.order_closed');
  });

  it("keeps organizations apart: another's parcels and sheets are not found (404)", async () => {
    const before = await manifestCount();
    const foreign = await call(otherMerchant, 'POST', '/api/dashboard/manifests', {
      orderIds: [pending[0]!.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect(await manifestCount()).toBe(before);
    expect(
      (await call(otherMerchant, 'GET', `/api/dashboard/manifests/${sheet.id}/pdf`)).statusCode,
    ).toBe(404);
    const others = await call(otherMerchant, 'GET', '/api/dashboard/manifests');
    expect((others.json() as { manifests: Manifest[] }).manifests).toEqual([]);

    // The office's dispatch sheets are not the merchant's, though they list its parcels.
    const dispatch = ((await call(admin, 'GET', '/api/admin/manifests')).json() as Manifest[]).find(
      (row) => row.kind === 'dispatch',
    );
    expect(
      (await call(merchant, 'GET', `/api/dashboard/manifests/${dispatch!.id}/pdf`)).statusCode,
    ).toBe(404);
  });

  it('lets an accountant read the sheets but not make one (403)', async () => {
    const payload = individualPayload({ email: uniqueEmail('manifest-accountant') });
    const registered = await call(undefined, 'POST', '/api/auth/register', payload);
    expect(registered.statusCode, registered.body).toBe(201);
    await testApp.database.db
      .update(users)
      .set({ organizationId: merchant.user.organization!.id, orgRole: 'accountant' })
      .where(eq(users.email, payload.email));
    const accountant = await login(testApp, payload.email, TEST_PASSWORD);
    const refused = await call(accountant, 'POST', '/api/dashboard/manifests', {
      orderIds: [pending[0]!.id],
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(accountant, 'GET', '/api/dashboard/manifests/parcels')).statusCode).toBe(
      403,
    );
    expect(
      (await call(accountant, 'GET', `/api/dashboard/manifests/${sheet.id}/pdf`)).statusCode,
    ).toBe(200);
  });

  it("lists the organization's own sheets, newest first", async () => {
    const response = await call(merchant, 'GET', '/api/dashboard/manifests');
    expect(response.statusCode, response.body).toBe(200);
    const listed = (response.json() as { manifests: Manifest[] }).manifests;
    expect(listed).toHaveLength(2);
    expect(listed.every((row) => row.kind === 'collection')).toBe(true);
    expect(listed[1]).toMatchObject({
      id: sheet.id,
      organization: { name: MERCHANT_NAME },
      parcelCount: 2,
      totalToCollect: 299.99,
    });
    expect(response.headers['x-total-count']).toBe('2');
  });
});
