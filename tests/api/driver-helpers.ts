import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { drivers, orders, trucks } from '../../src/server/db/schema';
import type { DriverOrderList } from '../../src/shared/schemas/driver-schemas';
import type { CreateDriverTruckInput } from '../../src/shared/schemas/fleet-schemas';
import type { CreateOrderInput, CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import type { FailedAttemptReason } from '../../src/shared/schemas/returns-schemas';
import type { PublicUser } from '../../src/shared/schemas/user-schemas';
import { isSignInCodeText, signInCodeIn } from '../support/accounts';
import {
  bearer,
  createOrderAs,
  driverTruckPayload,
  updateOrderStatus,
  type LoggedIn,
} from './factories';
import type { TestApp } from './helpers';
import { waitUntil } from './polling';

/** One SMS as the outbox posted it to the gateway (docs/architecture.md, "The outbox"). */
export interface CaughtSms {
  id: string;
  to: string;
  text: string;
}

export interface SmsCatcher {
  /** The gateway URL to give the app as SMS_URL. */
  url: string;
  /** Every SMS received so far, oldest first. */
  messages: CaughtSms[];
  /** The newest SMS to this number (E.164) whose text matches, once it has arrived. */
  waitForSms(to: string, pattern?: RegExp): Promise<CaughtSms>;
  stop(): Promise<void>;
}

/** A real HTTP SMS gateway on a free port that keeps what it receives and answers 200. */
export async function startSmsCatcher(): Promise<SmsCatcher> {
  const messages: CaughtSms[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      messages.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as CaughtSms);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    waitForSms: (to, pattern) =>
      waitUntil(`an SMS to ${to}${pattern ? ` matching ${pattern}` : ''}`, () =>
        messages.findLast((sms) => sms.to === to && (!pattern || pattern.test(sms.text))),
      ),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export interface AddedDriver {
  driverId: string;
  truckNumber: string;
  /** E.164: the number the driver signs in with. */
  phone: string;
}

/** A driver and their truck added through POST /api/admin/trucks/add, as an admin does. */
export async function addDriver(
  testApp: TestApp,
  adminToken: string,
  overrides: Partial<CreateDriverTruckInput> = {},
): Promise<AddedDriver> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/admin/trucks/add',
    headers: bearer(adminToken),
    payload: driverTruckPayload(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { truck } = response.json() as {
    truck: { driverId: string; truckNumber: string; phone: string };
  };
  const [driver] = await testApp.database.db
    .select({ phoneE164: drivers.phoneE164 })
    .from(drivers)
    .where(eq(drivers.id, truck.driverId));
  return { driverId: truck.driverId, truckNumber: truck.truckNumber, phone: driver!.phoneE164! };
}

/** The code in a sign-in SMS. */
export const signInCodeOf = (sms: CaughtSms) => signInCodeIn(sms.text);

/**
 * Asks for a sign-in code for this phone and answers the SMS that brings it (a new one, not one
 * caught before the request).
 */
export async function requestSignInCode(
  testApp: TestApp,
  phone: string,
  sms: SmsCatcher,
  typedPhone = phone,
): Promise<string> {
  const before = sms.messages.length;
  const requested = await testApp.app.inject({
    method: 'POST',
    url: '/api/driver/auth/code',
    payload: { phone: typedPhone },
  });
  expect(requested.statusCode, requested.body).toBe(202);
  const message = await waitUntil(`the sign-in code SMS to ${phone}`, () =>
    sms.messages.slice(before).findLast((m) => m.to === phone && isSignInCodeText(m.text)),
  );
  return signInCodeOf(message);
}

/** Requests a code for this phone, reads it from the caught SMS and signs the driver in. */
export async function signInDriver(
  testApp: TestApp,
  phone: string,
  sms: SmsCatcher,
): Promise<{ token: string; user: PublicUser }> {
  const code = await requestSignInCode(testApp, phone, sms);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/driver/auth/login',
    payload: { phone, code },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { token: string; user: PublicUser };
}

export interface SignedInDriver extends AddedDriver {
  token: string;
}

/** A six-digit code that is not this one. */
export const wrongCodeFor = (code: string) =>
  String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** What a test file of the driver's steps builds in its beforeAll. */
export interface DriverTestContext {
  testApp: TestApp;
  admin: LoggedIn;
  /** The merchant whose orders the drivers carry unless a test names another. */
  customer: LoggedIn;
  sms: SmsCatcher;
}

export interface DriverTestOptions {
  /** How the receivers' numbers start: +2126 unless told. */
  receiverPrefix?: string;
  /** The receiver pays the fee of an order not paid online: its driver collects the price. */
  receiverPays?: boolean;
}

type DriverStep = 'pickup' | 'deliver' | 'attempt-failed' | 'return-delivered';

/**
 * The steps of the tests that put drivers on the road: signed-in drivers, receivers' numbers,
 * orders dispatched to a driver, the driver's steps and list, and the rows they change. The
 * context is read at each call, so a file calls this at its top and fills the context in beforeAll.
 */
export function createDriverHelpers(
  contextOf: () => DriverTestContext,
  { receiverPrefix = '+2126', receiverPays = false }: DriverTestOptions = {},
) {
  let receiverSeq = 0;
  /** Every receiver gets a number of their own, so each test reads its own SMS. */
  const newReceiverPhone = () =>
    `${receiverPrefix}${String(Date.now() % 1_000_000).padStart(6, '0')}${String(receiverSeq++ % 100).padStart(2, '0')}`;

  /** A driver added by the admin, signed in with the code from their SMS. */
  async function newDriver(
    overrides: Partial<CreateDriverTruckInput> = {},
  ): Promise<SignedInDriver> {
    const { testApp, admin, sms } = contextOf();
    const added = await addDriver(testApp, admin.token, overrides);
    const { token } = await signInDriver(testApp, added.phone, sms);
    return { ...added, token };
  }

  /** A merchant's order (the customer's unless told), dispatched by the admin to this driver. */
  async function orderOnTheRoad(
    driver: Pick<AddedDriver, 'truckNumber' | 'driverId'>,
    overrides: Partial<CreateOrderInput> = {},
    merchant = contextOf().customer,
  ): Promise<CustomerOrderDetail> {
    const { testApp, admin } = contextOf();
    const placed = await createOrderAs(testApp, merchant, {
      receiver_phone: newReceiverPhone(),
      ...(receiverPays && overrides.payment_method !== 'online' && { fee_paid_by: 'receiver' }),
      ...overrides,
    });
    const dispatched = await updateOrderStatus(testApp, admin, placed.id, {
      status: 'IN_TRANSIT',
      truckNumber: driver.truckNumber,
      driverId: driver.driverId,
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const seen = await testApp.app.inject({
      url: `/api/dashboard/orders/${placed.id}`,
      headers: bearer(merchant.token),
    });
    expect(seen.statusCode, seen.body).toBe(200);
    return (seen.json() as { order: CustomerOrderDetail }).order;
  }

  const postDriverStep = (
    driver: { token: string },
    orderId: string,
    action: DriverStep,
    payload?: object,
  ) =>
    contextOf().testApp.app.inject({
      method: 'POST',
      url: `/api/driver/orders/${orderId}/${action}`,
      headers: bearer(driver.token),
      ...(payload && { payload }),
    });

  async function failAttempt(
    driver: { token: string },
    orderId: string,
    reason: FailedAttemptReason = 'receiver-absent',
  ): Promise<void> {
    const response = await postDriverStep(driver, orderId, 'attempt-failed', { reason });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function listDriverOrders(driver: { token: string }): Promise<DriverOrderList> {
    const response = await contextOf().testApp.app.inject({
      url: '/api/driver/orders',
      headers: bearer(driver.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DriverOrderList;
  }

  async function readOrderRow(orderId: string) {
    const { db } = contextOf().testApp.database;
    return (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  }

  async function readTruckStatus(truckNumber: string) {
    const { db } = contextOf().testApp.database;
    return (await db.select().from(trucks).where(eq(trucks.truckNumber, truckNumber)))[0]!.status;
  }

  return {
    newDriver,
    newReceiverPhone,
    orderOnTheRoad,
    postDriverStep,
    failAttempt,
    listDriverOrders,
    readOrderRow,
    readTruckStatus,
  };
}
