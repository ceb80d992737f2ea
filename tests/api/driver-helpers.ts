import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { drivers } from '../../src/server/db/schema';
import type { CreateDriverTruckInput } from '../../src/shared/schemas/fleet-schemas';
import type { PublicUser } from '../../src/shared/schemas/user-schemas';
import { isSignInCodeText, signInCodeIn } from '../support/accounts';
import { bearer, driverTruckPayload } from './factories';
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
