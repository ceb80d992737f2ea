import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { UpdateOrderStatusInput } from '../../src/shared/schemas/admin-schemas';
import type { CreateOrderInput, CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import type { PublicUser } from '../../src/shared/schemas/user-schemas';
import type { LoginResponse, MfaSetupResponse } from '../../src/shared/schemas/mfa-schemas';
import { upsertAdminAccount } from '../../src/server/auth/admin-bootstrap';
import { drivers, runs, trucks, users } from '../../src/server/db/schema';
import {
  companyPayload,
  dateFromToday,
  driverTruckPayload,
  individualPayload,
  TEST_PASSWORD,
  uniqueCode,
  uniqueEmail,
} from '../support/accounts';
import { totpCode } from '../support/second-factor';
import type { TestApp } from './helpers';

// Shared with the end-to-end tests; the API tests import them from here with the rest.
export {
  companyPayload,
  dateFromToday,
  driverTruckPayload,
  individualPayload,
  TEST_PASSWORD,
  uniqueDriverPhone,
  uniqueEmail,
} from '../support/accounts';

export interface LoggedIn {
  token: string;
  user: PublicUser;
  email: string;
  password: string;
  /** The account's TOTP secret when it has a second factor (every admin of loginAs has one). */
  secondFactorSecret?: string;
  /** Its recovery codes, as shown once at enrolment. */
  recoveryCodes?: string[];
}

/** Signs in with the password, expecting a session (an account without a second factor). */
export async function login(testApp: TestApp, email: string, password: string): Promise<LoggedIn> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as LoginResponse;
  if ('mfaRequired' in body) throw new Error(`${email} has a second factor: sign in with a code`);
  return { ...body, email, password };
}

/**
 * Turns a second factor on for this signed-in account (set-up, then a code of the app's clock),
 * as ADMIN_MFA=required asks of every administrator; answers the account with its secret and
 * recovery codes. The code's time step is then used: signing in with a code needs the next one.
 */
export async function enrolSecondFactor(testApp: TestApp, account: LoggedIn): Promise<LoggedIn> {
  const setup = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/mfa/setup',
    headers: bearer(account.token),
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as MfaSetupResponse;
  const enable = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/mfa/enable',
    headers: bearer(account.token),
    payload: { code: totpCode(secret, testApp.now()) },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
  return { ...account, secondFactorSecret: secret, recoveryCodes };
}

/** A fresh account of the given kind, logged in; an admin with a second factor turned on. */
export async function loginAs(
  testApp: TestApp,
  kind: 'admin' | 'company' | 'individual',
): Promise<LoggedIn> {
  if (kind === 'admin') {
    const email = uniqueEmail('admin');
    await upsertAdminAccount(testApp.database.db, email, TEST_PASSWORD);
    return enrolSecondFactor(testApp, await login(testApp, email, TEST_PASSWORD));
  }
  const payload = kind === 'company' ? companyPayload() : individualPayload();
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return login(testApp, payload.email, payload.password);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A Casablanca → Rabat parcel with every field the wizard sends. */
export function orderPayload(overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    priority: 'normal',
    pickup_loc: 'Casablanca',
    delivery_loc: 'Rabat',
    weight: 12,
    leingth: 40,
    width: 30,
    height: 20,
    payment_method: 'cash_on_delivery',
    price: 1,
    shipment_info: 'Ceramic tiles',
    shipment_note: 'Call before arriving',
    receiver_name: 'Karim Alaoui',
    receiver_phone: '+212612345678',
    receiver_email: 'karim@example.ma',
    ...overrides,
  };
}

export interface TruckWithDriver {
  truckId: string;
  truckNumber: string;
  driverId: string;
  driverName: string;
}

/**
 * A driver and their truck written straight to the database (any dates, any status), for
 * tests that need a fleet rather than the add form.
 */
export async function createTruckWithDriver(
  testApp: TestApp,
  overrides: {
    capacityKg?: number;
    capacityM3?: number;
    licenseExpire?: string;
    technicalDate?: string;
    status?: 'AVAILABLE' | 'ON_DELIVERY';
    fullName?: string;
  } = {},
): Promise<TruckWithDriver> {
  const payload = driverTruckPayload();
  const fullName = overrides.fullName ?? `Driver ${uniqueCode()}`;
  const { db } = testApp.database;
  const [account] = await db
    .insert(users)
    .values({ role: 'DRIVER', email: null, passwordHash: null, userType: null })
    .returning({ id: users.id });
  const [driver] = await db
    .insert(drivers)
    .values({
      userId: account!.id,
      fullName,
      phone: payload.phone,
      phoneE164: payload.phone,
      nationalId: payload.nationalId,
      license: payload.license,
      licenseExpire: overrides.licenseExpire ?? dateFromToday(365),
    })
    .returning({ id: drivers.id });
  const [truck] = await db
    .insert(trucks)
    .values({
      truckNumber: payload.truckNumber,
      truckType: 'Flatbed',
      model: 'Renault T',
      truckYear: 2020,
      capacityKg: String(overrides.capacityKg ?? 20_000),
      capacityM3: overrides.capacityM3 === undefined ? null : String(overrides.capacityM3),
      technicalDate: overrides.technicalDate ?? dateFromToday(-30),
      status: overrides.status ?? 'AVAILABLE',
      driverId: driver!.id,
    })
    .returning({ id: trucks.id, truckNumber: trucks.truckNumber });
  return {
    truckId: truck!.id,
    truckNumber: truck!.truckNumber,
    driverId: driver!.id,
    driverName: fullName,
  };
}

/** An order placed by this customer through the API; answers the created order. */
export async function createOrderAs(
  testApp: TestApp,
  customer: LoggedIn,
  overrides: Partial<CreateOrderInput> = {},
): Promise<CustomerOrderDetail> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/dashboard/neworder',
    headers: bearer(customer.token),
    payload: orderPayload(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { order: CustomerOrderDetail }).order;
}

interface QueryClient {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/**
 * `count` orders of one customer (and of their organization) loaded in one statement, as a bulk
 * load would (the counters follow it all the same). Order i is about i minutes old, `sameInstant` orders at a time sharing
 * one instant; its status is PENDING, DELIVERED and CANCELLED in turn; its tracking number starts
 * `MA-<trackingDigit>`, unique within the load.
 */
export async function bulkLoadOrders(
  testApp: TestApp,
  load: { userId: string; count: number; trackingDigit: number; sameInstant?: number },
): Promise<void> {
  const client = (testApp.database.db as unknown as { $client: QueryClient }).$client;
  await client.query(
    `insert into orders (tracking_number, user_id, organization_id, status, pickup_loc,
       delivery_loc, pickup_lat, pickup_lng, delivery_lat, delivery_lng, weight_kg, length_cm,
       width_cm, height_cm, price_centimes, distance_km, duration_minutes, created_at)
     select 'MA-' || $4::int || substr(lpad(i::text, 7, '0'), 1, 3) || '-'
         || substr(lpad(i::text, 7, '0'), 4),
       $1::uuid, (select organization_id from users where id = $1::uuid),
       (array['PENDING','DELIVERED','CANCELLED'])[1 + i % 3]::order_status,
       'Casablanca', 'Rabat', 33.5, -7.6, 34.0, -6.8, 12, 40, 30, 20, 32582, 88.4, 90,
       now() - ((i - i % $3::int) || ' minutes')::interval
     from generate_series(1, $2::int) as i`,
    [load.userId, load.count, load.sameInstant ?? 1, load.trackingDigit],
  );
}

/** PUT /api/admin/orders/:id/update-status as this admin; answers the raw response. */
export function updateOrderStatus(
  testApp: TestApp,
  admin: LoggedIn,
  orderId: string,
  body: UpdateOrderStatusInput,
) {
  return testApp.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${orderId}/update-status`,
    headers: bearer(admin.token),
    payload: body,
  });
}

/** Confirms a pending order onto this truck and its driver, expecting success. */
export async function dispatchOrder(
  testApp: TestApp,
  admin: LoggedIn,
  orderId: string,
  truck: TruckWithDriver,
): Promise<void> {
  const response = await updateOrderStatus(testApp, admin, orderId, {
    status: 'IN_TRANSIT',
    truckNumber: truck.truckNumber,
    driverId: truck.driverId,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * The truck's run under way, as after its driver's first stop: it takes no more orders until it
 * ends (docs/decisions/0024-runs-and-planning.md).
 */
export async function startTruckRun(testApp: TestApp, truck: TruckWithDriver): Promise<void> {
  const started = await testApp.database.db
    .update(runs)
    .set({ status: 'started', startedAt: new Date() })
    .where(and(eq(runs.truckId, truck.truckId), eq(runs.status, 'planned')))
    .returning({ id: runs.id });
  expect(started).toHaveLength(1);
}
