import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { findLabelRowsByIds } from '../../src/server/labels/label-queries';
import {
  companyProfiles,
  individualProfiles,
  orders,
  organizations,
  users,
} from '../../src/server/db/schema';
import { IMPORT_COLUMNS } from '../../src/shared/import-columns';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { readPdfText } from '../support/pdf-text';
import { pdfPageInfo } from '../support/pdf-raster';
import {
  bearer,
  bulkLoadOrders,
  createOrderAs,
  individualPayload,
  login,
  loginAs,
  TEST_PASSWORD,
  uniqueEmail,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { insertApiKey, type TestApiKey } from './parcels-api-keys';

/*
 * Label routes (docs/decisions/0022-labels-manifests-scanning.md, "Label routes and screens"):
 * the dashboard's, the office's and /api/v1's PDFs, organizations that never print each other's
 * orders, limits, cancelled orders and the remembered format.
 */
let testApp: TestApp;
let ownerA: LoggedIn;
let ownerB: LoggedIn;
let admin: LoggedIn;
let orderA1: CustomerOrderDetail;
let orderA2: CustomerOrderDetail;
let cancelledA: CustomerOrderDetail;
let orderB: CustomerOrderDetail;
let labelsKeyA: TestApiKey;
let parcelsOnlyKeyA: TestApiKey;

const organizationOf = (owner: LoggedIn) => owner.user.organization!.id;

const call = (who: LoggedIn | TestApiKey, method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({
    method,
    url,
    headers: bearer('token' in who ? who.token : who.secret),
    ...(payload && { payload }),
  });

/** A PDF answer: its headers, then its pages, first page size and text. */
async function expectPdf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toMatch(/^inline; filename="labels?-.+\.pdf"$/);
  const pdf = response.rawPayload;
  return { ...(await pdfPageInfo(pdf)), text: await readPdfText(pdf) };
}

/** A member of `owner`'s organization with `role`, signed in (registered, then moved in). */
async function memberOf(owner: LoggedIn, role: 'accountant' | 'staff'): Promise<LoggedIn> {
  const payload = individualPayload({ email: uniqueEmail(role) });
  const registered = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
  });
  expect(registered.statusCode, registered.body).toBe(201);
  await testApp.database.db
    .update(users)
    .set({ organizationId: organizationOf(owner), orgRole: role })
    .where(eq(users.email, payload.email));
  return login(testApp, payload.email, TEST_PASSWORD);
}

async function labelFormatOf(owner: LoggedIn) {
  const [row] = await testApp.database.db
    .select({ labelFormat: organizations.labelFormat })
    .from(organizations)
    .where(eq(organizations.id, organizationOf(owner)));
  return row!.labelFormat;
}

beforeAll(async () => {
  testApp = await buildTestApp();
  [ownerA, ownerB, admin] = await Promise.all([
    loginAs(testApp, 'company'),
    loginAs(testApp, 'individual'),
    loginAs(testApp, 'admin'),
  ]);
  [orderA1, orderA2, cancelledA, orderB] = await Promise.all([
    createOrderAs(testApp, ownerA),
    createOrderAs(testApp, ownerA, { delivery_loc: 'Agadir' }),
    createOrderAs(testApp, ownerA),
    createOrderAs(testApp, ownerB),
  ]);
  const cancel = await call(ownerA, 'POST', `/api/dashboard/orders/${cancelledA.id}/cancel`, {
    reason: 'Customer changed plans',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const ownerOfA = { userId: ownerA.user.id, organizationId: organizationOf(ownerA) };
  labelsKeyA = await insertApiKey(testApp, ownerOfA, ['labels:read']);
  parcelsOnlyKeyA = await insertApiKey(testApp, ownerOfA, ['parcels:read']);
});

afterAll(async () => {
  await testApp?.close();
});

describe('the dashboard', () => {
  it("prints one of the organization's orders, in the format asked, and remembers it", async () => {
    const pdf = await expectPdf(
      await call(ownerA, 'GET', `/api/dashboard/orders/${orderA1.id}/label?format=a6`),
    );
    expect(pdf).toMatchObject({ pages: 1, widthMm: 105, heightMm: 148 });
    expect(pdf.text).toContain(orderA1.trackingNumber);
    expect(await labelFormatOf(ownerA)).toBe('a6');
    const settings = await call(ownerA, 'GET', '/api/org/label-settings');
    expect(settings.json()).toEqual({ labelFormat: 'a6' });

    // No format: the remembered one.
    const again = await expectPdf(
      await call(ownerA, 'GET', `/api/dashboard/orders/${orderA2.id}/label`),
    );
    expect(again).toMatchObject({ pages: 1, widthMm: 105, heightMm: 148 });
  });

  it('prints several orders in the order asked, a repeated id once', async () => {
    const response = await call(ownerA, 'POST', '/api/dashboard/labels', {
      orderIds: [orderA2.id, orderA1.id, orderA2.id],
      format: '100x150',
    });
    const pdf = await expectPdf(response);
    expect(pdf).toMatchObject({ pages: 2, widthMm: 100, heightMm: 150 });
    expect(response.headers['content-disposition']).toBe('inline; filename="labels-2.pdf"');
    expect(pdf.text.indexOf(orderA2.trackingNumber)).toBeLessThan(
      pdf.text.indexOf(orderA1.trackingNumber),
    );
    expect(pdf.text).toContain(orderA1.trackingNumber);
    expect(await labelFormatOf(ownerA)).toBe('100x150');
  });

  it('puts four labels on an A4 page', async () => {
    const pdf = await expectPdf(
      await call(ownerA, 'POST', '/api/dashboard/labels', {
        orderIds: [orderA1.id, orderA2.id],
        format: 'a4',
      }),
    );
    expect(pdf).toMatchObject({ pages: 1, widthMm: 210, heightMm: 297 });
  });

  it("answers 404 for another organization's order, naming it, and prints nothing", async () => {
    const one = await call(ownerB, 'GET', `/api/dashboard/orders/${orderA1.id}/label`);
    expect(one.statusCode).toBe(404);
    const many = await call(ownerA, 'POST', '/api/dashboard/labels', {
      orderIds: [orderA1.id, orderB.id, 'not-an-id'],
    });
    expect(many.statusCode).toBe(404);
    expect(many.json()).toMatchObject({ code: 'label.orders_not_found' });
    expect(many.json().message).toContain(orderB.id);
    expect(many.json().message).toContain('not-an-id');
    expect(many.json().message).not.toContain(orderA1.id);
  });

  it('refuses a cancelled order with 409 naming it, in the caller’s language', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/labels',
      headers: { ...bearer(ownerA.token), 'accept-language': 'fr' },
      payload: { orderIds: [orderA1.id, cancelledA.id] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'label.order_cancelled',
      message: `Une commande annulée n'a pas d'étiquette : ${cancelledA.trackingNumber}`,
    });
    const one = await call(ownerA, 'GET', `/api/dashboard/orders/${cancelledA.id}/label`);
    expect(one.statusCode).toBe(409);
  });

  it('refuses more than 500 ids, none, and an unknown format with 400', async () => {
    const tooMany = await call(ownerA, 'POST', '/api/dashboard/labels', {
      orderIds: Array.from({ length: 501 }, () => orderA1.id),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      errors: { orderIds: 'Print at most 500 labels at once' },
    });
    const none = await call(ownerA, 'POST', '/api/dashboard/labels', { orderIds: [] });
    expect(none.statusCode).toBe(400);
    const format = await call(ownerA, 'POST', '/api/dashboard/labels', {
      orderIds: [orderA1.id],
      format: 'a5',
    });
    expect(format.statusCode).toBe(400);
    expect(format.json()).toMatchObject({
      errors: { format: 'Unknown label format: choose a6, 100x150 or a4' },
    });
    const query = await call(ownerA, 'GET', `/api/dashboard/orders/${orderA1.id}/label?format=x`);
    expect(query.statusCode).toBe(400);
  });

  it('keeps the office out of the dashboard routes and customers out of the office’s', async () => {
    const customer = await call(ownerA, 'GET', `/api/admin/orders/${orderA1.id}/label`);
    expect(customer.statusCode).toBe(403);
    const customerMany = await call(ownerA, 'POST', '/api/admin/labels', {
      orderIds: [orderA1.id],
    });
    expect(customerMany.statusCode).toBe(403);
    const office = await call(admin, 'GET', `/api/dashboard/orders/${orderA1.id}/label`);
    expect(office.statusCode).toBe(403);
  });
});

describe('the office', () => {
  it("prints any organization's orders without changing their remembered format", async () => {
    await testApp.database.db
      .update(organizations)
      .set({ labelFormat: 'a6' })
      .where(eq(organizations.id, organizationOf(ownerB)));
    const one = await expectPdf(await call(admin, 'GET', `/api/admin/orders/${orderB.id}/label`));
    expect(one).toMatchObject({ pages: 1, widthMm: 105, heightMm: 148 });
    expect(one.text).toContain(orderB.trackingNumber);

    const many = await expectPdf(
      await call(admin, 'POST', '/api/admin/labels', {
        orderIds: [orderA1.id, orderB.id],
        format: 'a4',
      }),
    );
    expect(many).toMatchObject({ pages: 1, widthMm: 210, heightMm: 297 });
    expect(many.text).toContain(orderA1.trackingNumber);
    expect(many.text).toContain(orderB.trackingNumber);
    expect(await labelFormatOf(ownerB)).toBe('a6');
  });

  it('answers 404 for an unknown order and 409 for a cancelled one', async () => {
    const unknown = await call(admin, 'GET', `/api/admin/orders/${crypto.randomUUID()}/label`);
    expect(unknown.statusCode).toBe(404);
    const cancelled = await call(admin, 'POST', '/api/admin/labels', {
      orderIds: [cancelledA.id],
    });
    expect(cancelled.statusCode).toBe(409);
  });
});

describe('/api/v1', () => {
  it("answers the parcel's labelUrl with its label", async () => {
    const parcel = await call(parcelsOnlyKeyA, 'GET', `/api/v1/parcels/${orderA1.trackingNumber}`);
    expect(parcel.statusCode).toBe(200);
    const labelUrl = new URL((parcel.json() as { labelUrl: string }).labelUrl);
    const pdf = await expectPdf(await call(labelsKeyA, 'GET', `${labelUrl.pathname}?format=a4`));
    expect(pdf).toMatchObject({ pages: 1, widthMm: 210, heightMm: 297 });
    expect(pdf.text).toContain(orderA1.trackingNumber);
  });

  it('prints several parcels by tracking number, in the remembered format', async () => {
    await testApp.database.db
      .update(organizations)
      .set({ labelFormat: '100x150' })
      .where(eq(organizations.id, organizationOf(ownerA)));
    const pdf = await expectPdf(
      await call(labelsKeyA, 'POST', '/api/v1/labels', {
        trackingNumbers: [orderA2.trackingNumber, orderA1.trackingNumber],
      }),
    );
    expect(pdf).toMatchObject({ pages: 2, widthMm: 100, heightMm: 150 });
    expect(pdf.text).toContain(orderA2.trackingNumber);
  });

  it('refuses a key without labels:read (403), another organization’s or an unknown parcel (404)', async () => {
    const noScope = await call(
      parcelsOnlyKeyA,
      'GET',
      `/api/v1/parcels/${orderA1.trackingNumber}/label`,
    );
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json()).toMatchObject({ code: 'api_key.scope_missing' });
    const theirs = await call(labelsKeyA, 'GET', `/api/v1/parcels/${orderB.trackingNumber}/label`);
    expect(theirs.statusCode).toBe(404);
    const unknown = await call(labelsKeyA, 'GET', '/api/v1/parcels/MA-0000-0000/label');
    expect(unknown.statusCode).toBe(404);
    const many = await call(labelsKeyA, 'POST', '/api/v1/labels', {
      trackingNumbers: [orderA1.trackingNumber, orderB.trackingNumber],
    });
    expect(many.statusCode).toBe(404);
    expect(many.json()).toMatchObject({ code: 'label.parcels_not_found' });
    expect(many.json().message).toContain(orderB.trackingNumber);
  });

  it('refuses 501 parcels and an unknown format (400), a cancelled one (409)', async () => {
    const tooMany = await call(labelsKeyA, 'POST', '/api/v1/labels', {
      trackingNumbers: Array.from({ length: 501 }, (_, i) => `MA-${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    const format = await call(
      labelsKeyA,
      'GET',
      `/api/v1/parcels/${orderA1.trackingNumber}/label?format=letter`,
    );
    expect(format.statusCode).toBe(400);
    const cancelled = await call(
      labelsKeyA,
      'GET',
      `/api/v1/parcels/${cancelledA.trackingNumber}/label`,
    );
    expect(cancelled.statusCode).toBe(409);
  });
});

describe('who prints, and what a label says of its sender', () => {
  it('lets staff print and refuses the accountant (who reads orders but prints nothing)', async () => {
    const [staff, accountant] = [
      await memberOf(ownerA, 'staff'),
      await memberOf(ownerA, 'accountant'),
    ];
    await expectPdf(await call(staff, 'GET', `/api/dashboard/orders/${orderA1.id}/label`));
    const one = await call(accountant, 'GET', `/api/dashboard/orders/${orderA1.id}/label`);
    expect(one.statusCode).toBe(403);
    expect(one.json()).toMatchObject({ code: 'org.role_forbidden' });
    const many = await call(accountant, 'POST', '/api/dashboard/labels', {
      orderIds: [orderA1.id],
      format: 'a4',
    });
    expect(many.statusCode).toBe(403);
    expect(await labelFormatOf(ownerA)).not.toBe('a4');
    const settings = await call(accountant, 'GET', '/api/org/label-settings');
    expect(settings.statusCode).toBe(200);
  });

  it("names the organization, the creator's phone (else the owner's) and the pickup city", async () => {
    const [ownerProfile] = await testApp.database.db
      .select({ phone: companyProfiles.phone })
      .from(companyProfiles)
      .where(eq(companyProfiles.userId, ownerA.user.id));
    const staff = await memberOf(ownerA, 'staff');
    const byStaff = await createOrderAs(testApp, staff, { pickup_loc: 'Tangier' });
    const [staffProfile] = await testApp.database.db
      .select({ phone: individualProfiles.phone })
      .from(individualProfiles)
      .where(eq(individualProfiles.userId, staff.user.id));
    expect(staffProfile!.phone).not.toBe(ownerProfile!.phone);

    const read = async () =>
      Object.fromEntries(
        (await findLabelRowsByIds(testApp.database.db, [orderA1.id, byStaff.id])).map((row) => [
          row.orderId,
          row,
        ]),
      );
    const [{ name }] = await testApp.database.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationOf(ownerA)));
    const rows = await read();
    expect(rows[orderA1.id]).toMatchObject({
      senderName: name,
      senderPhone: ownerProfile!.phone,
      senderCity: 'Casablanca',
      receiverName: 'Karim Alaoui',
      trackingNumber: orderA1.trackingNumber,
    });
    expect(rows[byStaff.id]).toMatchObject({
      senderPhone: staffProfile!.phone,
      senderCity: 'Tangier',
    });

    // A member without a profile of their own: the owner's phone.
    await testApp.database.db
      .delete(individualProfiles)
      .where(eq(individualProfiles.userId, staff.user.id));
    expect((await read())[byStaff.id]!.senderPhone).toBe(ownerProfile!.phone);
  });
});

describe("an import's labels", () => {
  const HEADER = IMPORT_COLUMNS.map((column) => column.name);
  const row = (name: string) => {
    const values: Record<string, string> = {
      receiver_name: name,
      receiver_phone: '0612345678',
      receiver_address: '12 rue Ibn Battouta',
      receiver_city: 'Rabat',
      sender_city: 'Casablanca',
      weight_kg: '2.5',
      length_cm: '30',
      width_cm: '20',
      height_cm: '15',
      cod_amount_mad: '350',
    };
    return HEADER.map((column) => `"${values[column] ?? ''}"`).join(',');
  };

  it('prints the orders an import created, in the order of its rows, 500 to a part', async () => {
    const boundary = '----labels-test';
    const csv = [HEADER.join(','), row('Salma Idrissi'), row('Omar Bennani')].join('\r\n');
    const upload = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/imports',
      headers: {
        ...bearer(ownerA.token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="o.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const importId = (upload.json() as { id: string }).id;
    const confirmed = await call(ownerA, 'POST', `/api/dashboard/imports/${importId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { trackingNumbers } = confirmed.json() as { trackingNumbers: string[] };
    expect(trackingNumbers).toHaveLength(2);

    const pdf = await expectPdf(
      await call(ownerA, 'GET', `/api/dashboard/imports/${importId}/labels?format=a6`),
    );
    expect(pdf).toMatchObject({ pages: 2, widthMm: 105, heightMm: 148 });
    expect(pdf.text.indexOf(trackingNumbers[0]!)).toBeGreaterThanOrEqual(0);
    expect(pdf.text.indexOf(trackingNumbers[0]!)).toBeLessThan(
      pdf.text.indexOf(trackingNumbers[1]!),
    );
    expect(await labelFormatOf(ownerA)).toBe('a6');

    const pastTheEnd = await call(
      ownerA,
      'GET',
      `/api/dashboard/imports/${importId}/labels?part=2`,
    );
    expect(pastTheEnd.statusCode).toBe(404);
    const theirs = await call(ownerB, 'GET', `/api/dashboard/imports/${importId}/labels`);
    expect(theirs.statusCode).toBe(404);
    const badPart = await call(ownerA, 'GET', `/api/dashboard/imports/${importId}/labels?part=0`);
    expect(badPart.statusCode).toBe(400);
  });
});

describe('500 labels', () => {
  it('makes a 500-page PDF in 100x150', { timeout: 120_000 }, async () => {
    await bulkLoadOrders(testApp, { userId: ownerB.user.id, count: 760, trackingDigit: 7 });
    const rows = await testApp.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.organizationId, organizationOf(ownerB)), ne(orders.status, 'CANCELLED')))
      .limit(500);
    expect(rows).toHaveLength(500);
    const response = await call(ownerB, 'POST', '/api/dashboard/labels', {
      orderIds: rows.map((row) => row.id),
      format: '100x150',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await pdfPageInfo(response.rawPayload)).toEqual({
      pages: 500,
      widthMm: 100,
      heightMm: 150,
    });
  });
});
