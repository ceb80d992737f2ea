import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, runs, trucks, users } from '../../src/server/db/schema';
import { addMonths } from '../../src/shared/business-calendar';
import type { AdminTruck, TruckDriverCombination } from '../../src/shared/schemas/fleet-schemas';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  dateFromToday,
  dispatchOrder,
  driverTruckPayload,
  loginAs,
  updateOrderStatus,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';

let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await loginAs(testApp, 'admin');
  customer = await loginAs(testApp, 'individual');
});
afterAll(() => testApp.close());

const addTruck = (payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/admin/trucks/add',
    headers: bearer(admin.token),
    payload,
  });
const get = (url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: bearer(admin.token) });

async function countFleet() {
  const [truckCount] = await testApp.database.db.select({ n: count() }).from(trucks);
  const [driverCount] = await testApp.database.db.select({ n: count() }).from(drivers);
  return { trucks: truckCount!.n, drivers: driverCount!.n };
}

describe('POST /api/admin/trucks/add', () => {
  it('creates the driver and the truck, AVAILABLE at Depot 1, and answers them', async () => {
    const payload = driverTruckPayload({
      truckNumber: ' 12345 - b - 7 ',
      nationalId: 'jb998877',
      capacity: '7500.5',
      truckYear: '2021',
    });
    const response = await addTruck(payload);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      message: 'Driver and Truck added successfully!',
      truck: expect.objectContaining({
        truckNumber: '12345 - B - 7',
        truckType: 'Box Truck',
        model: 'Volvo FH',
        truckYear: 2021,
        capacity: 7500.5,
        capacityM3: null,
        status: 'AVAILABLE',
        location: 'Depot 1',
        fullName: 'Hassan Ouali',
        phone: payload.phone,
        driverActive: true,
        email: 'hassan.ouali@example.ma',
        license: payload.license,
        licenseExpire: payload.licenseExpire,
        licenseStatus: 'valid',
        technicalDate: payload.technicalDate,
        inspectionStatus: 'valid',
      }),
    });
    const [driver] = await testApp.database.db
      .select()
      .from(drivers)
      .where(eq(drivers.id, body.truck.driverId));
    expect(driver).toMatchObject({
      nationalId: 'JB998877',
      fullName: 'Hassan Ouali',
      phoneE164: payload.phone,
      deactivatedAt: null,
    });
    const [account] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.id, driver!.userId));
    expect(account).toMatchObject({ role: 'DRIVER', email: null, passwordHash: null });
  });

  it('keeps a truck volume when given, and refuses one that is not a sensible number of m³', async () => {
    const added = await addTruck({ ...driverTruckPayload(), capacityM3: 32.5 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().truck).toMatchObject({ capacityM3: 32.5 });
    for (const capacityM3 of [0, -1, 151, 'big']) {
      const refused = await addTruck({ ...driverTruckPayload(), capacityM3 });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['capacityM3']);
    }
  });

  it('a truck added through the form can take an order at once', async () => {
    const added = (await addTruck(driverTruckPayload({ capacity: 500 }))).json()
      .truck as AdminTruck;
    const order = await createOrderAs(testApp, customer, { weight: 450 });
    const offered = (
      await get(`/api/admin/truck-driver?orderId=${order.id}`)
    ).json() as TruckDriverCombination[];
    const combination = offered.find((c) => c.truckId === added.id)!;
    expect(combination).toMatchObject({ truckNumber: added.truckNumber, id: added.driverId });
    const response = await updateOrderStatus(testApp, admin, order.id, {
      status: 'IN_TRANSIT',
      truckNumber: combination.truckNumber,
      driverId: combination.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order.driver.name).toBe('Hassan Ouali');
  });

  it.each([
    [
      'plate',
      { truckNumber: 'same-plate-1' },
      'truckNumber',
      'A truck with plate number SAME-PLATE-1 already exists',
      'fleet.truck_number_taken',
    ],
    [
      'national ID',
      { nationalId: 'DUPCIN1' },
      'nationalId',
      'A driver with this national ID already exists',
      'fleet.national_id_taken',
    ],
    [
      'licence',
      { license: 'DUPLIC-1' },
      'license',
      'A driver with this licence number already exists',
      'fleet.license_taken',
    ],
  ])(
    'refuses a duplicate %s with 409 naming it, and writes nothing',
    async (_case, same, field, message, code) => {
      expect((await addTruck(driverTruckPayload(same))).statusCode).toBe(201);
      const before = await countFleet();
      // Compared as printed on the cards and plates: case does not make a new one.
      const lowered = Object.fromEntries(
        Object.entries(same).map(([key, value]) => [key, value.toLowerCase()]),
      );
      const response = await addTruck(driverTruckPayload(lowered));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code,
        message,
        errors: { [field]: message },
        errorCodes: { [field]: code },
      });
      expect(await countFleet()).toEqual(before);
    },
  );

  it('names every duplicate at once', async () => {
    const first = driverTruckPayload();
    expect((await addTruck(first)).statusCode).toBe(201);
    const response = await addTruck({ ...first, fullName: 'Someone Else' });
    expect(response.statusCode).toBe(409);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'license',
      'nationalId',
      'phone',
      'truckNumber',
    ]);
  });

  const nextYear = new Date().getFullYear() + 1;
  it.each([
    ['no full name', { fullName: ' ' }, 'fullName', 'Full name is required'],
    ['no phone', { phone: undefined }, 'phone', 'Phone number is required'],
    ['a bad phone', { phone: '12-34' }, 'phone', 'Phone number is not valid'],
    [
      'a phone that is not a number in E.164',
      { phone: '1234567890' },
      'phone',
      'Enter a Moroccan number (06…, 07…) or one with its country code (+…)',
    ],
    ['a bad email', { email: 'not-an-email' }, 'email', 'Please enter a valid email'],
    ['no national ID', { nationalId: '' }, 'nationalId', 'National ID is required'],
    ['no licence', { license: undefined }, 'license', 'Driver license number is required'],
    ['no plate', { truckNumber: '' }, 'truckNumber', 'Truck plate number is required'],
    [
      'no licence expiry',
      { licenseExpire: undefined },
      'licenseExpire',
      'License expiry date is required',
    ],
    [
      'an impossible date',
      { licenseExpire: '2027-02-30' },
      'licenseExpire',
      'Enter a valid date (yyyy-MM-dd)',
    ],
    [
      'a date in another format',
      { technicalDate: '01/02/2026' },
      'technicalDate',
      'Enter a valid date (yyyy-MM-dd)',
    ],
    [
      'an inspection in the future',
      { technicalDate: dateFromToday(30) },
      'technicalDate',
      'The inspection date cannot be in the future',
    ],
    ['no capacity', { capacity: '' }, 'capacity', 'Truck capacity is required'],
    ['a text capacity', { capacity: 'heavy' }, 'capacity', 'Truck capacity is required'],
    ['a zero capacity', { capacity: 0 }, 'capacity', 'Capacity must be more than 0 kg'],
    ['a negative capacity', { capacity: -5 }, 'capacity', 'Capacity must be more than 0 kg'],
    ['an absurd capacity', { capacity: 40_001 }, 'capacity', 'Capacity must be 40,000 kg or less'],
    ['no year', { truckYear: null }, 'truckYear', 'Year is required'],
    ['a fractional year', { truckYear: 2019.5 }, 'truckYear', 'Year must be a whole number'],
    [
      'a year too old',
      { truckYear: 1949 },
      'truckYear',
      `Year must be between 1950 and ${nextYear}`,
    ],
    [
      'a year in the future',
      { truckYear: nextYear + 1 },
      'truckYear',
      `Year must be between 1950 and ${nextYear}`,
    ],
    ['no model', { model: '' }, 'model', 'Brand / model is required'],
    ['no type', { truckType: '' }, 'truckType', 'Truck type is required'],
    ['another status', { status: 'ON_DELIVERY' }, 'status', 'A new truck is always AVAILABLE'],
    [
      'another location',
      { location: 'Depot 2' },
      'location',
      'A new truck always starts at Depot 1',
    ],
  ])('refuses %s with 400 and writes nothing', async (_case, overrides, field, message) => {
    const before = await countFleet();
    const response = await addTruck({ ...driverTruckPayload(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await countFleet()).toEqual(before);
  });

  it('accepts an empty email and the limits themselves', async () => {
    const response = await addTruck(
      driverTruckPayload({ email: '', capacity: 40_000, truckYear: nextYear }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().truck.email).toBeNull();
  });
});

describe('GET /api/admin/trucks', () => {
  it('flags licences and inspections that are expired or due within 30 days', async () => {
    const fine = await createTruckWithDriver(testApp, { fullName: 'Fine Driver' });
    const expiring = await createTruckWithDriver(testApp, {
      licenseExpire: dateFromToday(10),
      technicalDate: addMonths(dateFromToday(20), -12),
    });
    const expired = await createTruckWithDriver(testApp, {
      licenseExpire: dateFromToday(-1),
      technicalDate: addMonths(dateFromToday(-1), -12),
    });
    const list = (await get('/api/admin/trucks')).json() as AdminTruck[];
    const find = (truckId: string) => list.find((truck) => truck.id === truckId)!;
    expect(find(fine.truckId)).toMatchObject({
      fullName: 'Fine Driver',
      licenseStatus: 'valid',
      inspectionStatus: 'valid',
      capacity: 20_000,
      status: 'AVAILABLE',
    });
    expect(find(expiring.truckId)).toMatchObject({
      licenseStatus: 'expiring',
      inspectionStatus: 'expiring',
      inspectionDue: dateFromToday(20),
    });
    expect(find(expired.truckId)).toMatchObject({
      licenseStatus: 'expired',
      inspectionStatus: 'expired',
    });
  });

  it('pages, searches and filters by status, most recently changed first', async () => {
    const busy = await createTruckWithDriver(testApp, { fullName: 'Youssef Busy' });
    await dispatchOrder(testApp, admin, (await createOrderAs(testApp, customer)).id, busy);
    const all = await get('/api/admin/trucks');
    const total = Number(all.headers['x-total-count']);
    expect((all.json() as AdminTruck[])[0]!.id).toBe(busy.truckId);
    expect(all.json()).toHaveLength(total);
    const onDelivery = (await get('/api/admin/trucks?status=on_delivery')).json() as AdminTruck[];
    expect(onDelivery.map((truck) => truck.status)).not.toContain('AVAILABLE');
    expect(onDelivery.map((truck) => truck.id)).toContain(busy.truckId);
    const byDriver = (await get('/api/admin/trucks?q=youssef')).json() as AdminTruck[];
    expect(byDriver.map((truck) => truck.id)).toEqual([busy.truckId]);
    const byPlate = (await get(`/api/admin/trucks?q=${busy.truckNumber.slice(0, 6)}`)).json();
    expect(byPlate.map((truck: AdminTruck) => truck.id)).toEqual([busy.truckId]);
    const page = (await get('/api/admin/trucks?page=2&pageSize=2')).json() as AdminTruck[];
    expect(page.map((truck) => truck.id)).toEqual(
      (all.json() as AdminTruck[]).slice(2, 4).map((truck) => truck.id),
    );
    expect((await get('/api/admin/trucks?status=PARKED')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/truck-driver', () => {
  it('lists the available trucks with their own drivers', async () => {
    const available = await createTruckWithDriver(testApp, { fullName: 'Nadia Free' });
    const busy = await createTruckWithDriver(testApp, { status: 'ON_DELIVERY' });
    const combinations = (await get('/api/admin/truck-driver')).json() as TruckDriverCombination[];
    const ids = combinations.map((c) => c.truckId);
    expect(ids).toContain(available.truckId);
    expect(ids).not.toContain(busy.truckId);
    expect(combinations.find((c) => c.truckId === available.truckId)).toEqual({
      truckId: available.truckId,
      truckNumber: available.truckNumber,
      id: available.driverId,
      fullName: 'Nadia Free',
      phone: expect.any(String),
      license: expect.any(String),
      capacity: 20_000,
      truckType: 'Flatbed',
      model: 'Renault T',
      licenseExpire: expect.any(String),
      technicalDate: expect.any(String),
    });
  });

  it('for an order, offers only the combinations dispatch would accept', async () => {
    const order = await createOrderAs(testApp, customer, { weight: 3_000 });
    const fit = await createTruckWithDriver(testApp, { capacityKg: 3_000 });
    const small = await createTruckWithDriver(testApp, { capacityKg: 2_999 });
    const lapsed = await createTruckWithDriver(testApp, { licenseExpire: dateFromToday(-1) });
    const stale = await createTruckWithDriver(testApp, {
      technicalDate: addMonths(dateFromToday(-1), -12),
    });
    const offered = (
      await get(`/api/admin/truck-driver?orderId=${order.id}`)
    ).json() as TruckDriverCombination[];
    const ids = offered.map((c) => c.truckId);
    expect(ids).toContain(fit.truckId);
    for (const refused of [small, lapsed, stale]) expect(ids).not.toContain(refused.truckId);
    // Every truck offered is one that dispatch accepts.
    const response = await updateOrderStatus(testApp, admin, order.id, {
      status: 'IN_TRANSIT',
      truckNumber: offered[0]!.truckNumber,
      driverId: offered[0]!.id,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('offers a truck whose run has not started when the order fits what is left', async () => {
    const runOf = async (truckId: string, orderIds: string[]) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/runs',
        headers: bearer(admin.token),
        payload: { truckId, orderIds },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string };
    };
    const planned = await createTruckWithDriver(testApp, { capacityKg: 100, capacityM3: 0.05 });
    const run = await runOf(planned.truckId, [
      (await createOrderAs(testApp, customer, { weight: 60 })).id,
    ]);
    const started = await createTruckWithDriver(testApp);
    const startedRun = await runOf(started.truckId, [(await createOrderAs(testApp, customer)).id]);
    await testApp.database.db
      .update(runs)
      .set({ status: 'started' })
      .where(eq(runs.id, startedRun.id));
    const offeredFor = async (orderId?: string) =>
      (
        (
          await get(`/api/admin/truck-driver${orderId ? `?orderId=${orderId}` : ''}`)
        ).json() as TruckDriverCombination[]
      ).map((c) => c.truckId);

    expect(await offeredFor()).toContain(planned.truckId);
    expect(await offeredFor()).not.toContain(started.truckId);
    // 0.06 m³: more than the truck's 0.05 m³ even once the run's order is delivered.
    const bulky = await createOrderAs(testApp, customer, { weight: 10, leingth: 100 });
    expect(await offeredFor(bulky.id)).not.toContain(planned.truckId);
    const fits = await createOrderAs(testApp, customer, { weight: 90 });
    const offered = await offeredFor(fits.id);
    expect(offered).toContain(planned.truckId);
    expect(offered).not.toContain(started.truckId);
    // Confirmed onto it, the order joins that run.
    await dispatchOrder(testApp, admin, fits.id, planned);
    const response = await get(`/api/admin/runs/${run.id}`);
    expect((response.json() as { orderCount: number }).orderCount).toBe(2);
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    for (const orderId of ['00000000-0000-4000-8000-000000000000', 'garbage']) {
      const response = await get(`/api/admin/truck-driver?orderId=${orderId}`);
      expect(response.statusCode, orderId).toBe(404);
      expect(response.json()).toEqual({ code: 'order.not_found', message: 'Order not found' });
    }
  });
});
