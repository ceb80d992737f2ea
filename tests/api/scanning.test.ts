import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingLink } from '../../src/shared/labels';
import type { DriverOrder } from '../../src/shared/schemas/driver-schemas';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import type { ScannedParcel } from '../../src/shared/schemas/scanning-schemas';
import { addDriver, signInDriver, startSmsCatcher, type SmsCatcher } from './driver-helpers';
import { bearer, createOrderAs, loginAs, updateOrderStatus, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/*
 * Scan look-ups (docs/decisions/0022-labels-manifests-scanning.md, "Scanning"): the driver finds
 * only their own parcels, another driver's answering exactly as an unknown number; the office
 * finds any parcel; the number is read in any case, with spaces, or as the label's QR link.
 */
let sms: SmsCatcher;
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
let driver: { driverId: string; truckNumber: string; token: string; name: string };
let otherDriver: { token: string };
let parcel: CustomerOrderDetail;

const lookUp = (area: 'driver' | 'admin', token: string, scanned: string) =>
  testApp.app.inject({
    url: `/api/${area}/parcels/${encodeURIComponent(scanned)}`,
    headers: bearer(token),
  });

beforeAll(async () => {
  sms = await startSmsCatcher();
  testApp = await buildTestApp({ env: { SMS_URL: sms.url } });
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
  const name = 'Youssef Scanner';
  const added = await addDriver(testApp, admin.token, { fullName: name });
  const other = await addDriver(testApp, admin.token);
  driver = { ...added, name, token: (await signInDriver(testApp, added.phone, sms)).token };
  otherDriver = { token: (await signInDriver(testApp, other.phone, sms)).token };
  parcel = await createOrderAs(testApp, customer, { receiver_name: 'Salma Benali' });
  const dispatched = await updateOrderStatus(testApp, admin, parcel.id, {
    status: 'IN_TRANSIT',
    truckNumber: driver.truckNumber,
    driverId: driver.driverId,
  });
  expect(dispatched.statusCode, dispatched.body).toBe(200);
});
afterAll(async () => {
  await testApp.close();
  await sms.stop();
});

describe('GET /api/driver/parcels/:trackingNumber', () => {
  it("answers the driver's own parcel as their list shows it, with its next step", async () => {
    const response = await lookUp('driver', driver.token, parcel.trackingNumber);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json() as DriverOrder;
    expect(order).toMatchObject({
      id: parcel.id,
      trackingNumber: parcel.trackingNumber,
      status: 'IN_TRANSIT',
      nextStep: 'pickup',
      receiver: { name: 'Salma Benali' },
    });
    const list = await testApp.app.inject({
      url: '/api/driver/orders',
      headers: bearer(driver.token),
    });
    const listed = (list.json() as { onTheRoad: DriverOrder[] }).onTheRoad.find(
      (o) => o.id === parcel.id,
    );
    expect(order).toEqual(listed);
  });

  it('reads the number in lower case, with spaces, and as the label QR link', async () => {
    for (const scanned of [
      parcel.trackingNumber.toLowerCase(),
      `  ${parcel.trackingNumber}  `,
      trackingLink('https://atlas.example.ma', parcel.trackingNumber),
      trackingLink('http://localhost:3000/', parcel.trackingNumber.toLowerCase()),
    ]) {
      const response = await lookUp('driver', driver.token, scanned);
      expect(response.statusCode, `${scanned}: ${response.body}`).toBe(200);
      expect((response.json() as DriverOrder).id).toBe(parcel.id);
    }
  });

  it("answers another driver's parcel exactly as an unknown number: 404, nothing more", async () => {
    const theirs = await lookUp('driver', otherDriver.token, parcel.trackingNumber);
    const unknown = await lookUp('driver', otherDriver.token, 'MA-2222-2222');
    expect(theirs.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.body).not.toContain(parcel.id);
    expect(theirs.json()).toMatchObject({ code: 'order.tracking_not_found' });
  });

  it('answers 404 for an empty scan and 414 for one longer than a path parameter may be', async () => {
    expect((await lookUp('driver', driver.token, '   ')).statusCode).toBe(404);
    expect((await lookUp('driver', driver.token, 'x'.repeat(101))).statusCode).toBe(414);
  });

  it('refuses the office and customers, and anyone signed out', async () => {
    expect((await lookUp('driver', admin.token, parcel.trackingNumber)).statusCode).toBe(403);
    expect((await lookUp('driver', customer.token, parcel.trackingNumber)).statusCode).toBe(403);
    const signedOut = await testApp.app.inject({
      url: `/api/driver/parcels/${parcel.trackingNumber}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('GET /api/admin/parcels/:trackingNumber', () => {
  it('answers any parcel with what the office needs to open it or list it', async () => {
    const response = await lookUp('admin', admin.token, ` ${parcel.trackingNumber.toLowerCase()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: parcel.id,
      trackingNumber: parcel.trackingNumber,
      status: 'IN_TRANSIT',
      driverId: driver.driverId,
      driverName: driver.name,
      receiverName: 'Salma Benali',
      deliveryCity: parcel.delivery_loc,
    } satisfies ScannedParcel);
  });

  it('reads the label QR link and answers a parcel without a driver', async () => {
    const pending = await createOrderAs(testApp, customer);
    const response = await lookUp(
      'admin',
      admin.token,
      trackingLink('https://atlas.example.ma', pending.trackingNumber),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: pending.id,
      status: 'PENDING',
      driverId: null,
      driverName: null,
    });
  });

  it('answers 404 for an unknown number', async () => {
    const response = await lookUp('admin', admin.token, 'MA-2222-2222');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'order.tracking_not_found' });
  });

  it('refuses customers and drivers (403)', async () => {
    expect((await lookUp('admin', customer.token, parcel.trackingNumber)).statusCode).toBe(403);
    expect((await lookUp('admin', driver.token, parcel.trackingNumber)).statusCode).toBe(403);
  });
});
