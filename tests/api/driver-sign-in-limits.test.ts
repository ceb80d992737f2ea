import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, driverSignInCodes, driverSignInFailures } from '../../src/server/db/schema';
import {
  CODE_MAX_ATTEMPTS,
  DRIVER_SIGN_IN_CODE_LIFETIME_MS,
} from '../../src/shared/schemas/driver-schemas';
import {
  addDriver,
  requestSignInCode,
  startSmsCatcher,
  type AddedDriver,
  type SmsCatcher,
} from './driver-helpers';
import { bearer, loginAs, uniqueDriverPhone, type LoggedIn } from './factories';
import { buildTestApp, createTestClock, type TestApp, type TestClock } from './helpers';
import { waitUntil } from './polling';

/*
 * docs/decisions/0017-security-review.md, "Driver sign-in codes": tries counted in one statement,
 * the lock after 10 wrong codes in 24 hours and the office's unlock, older codes kept valid, and
 * a code request answered before any of its work.
 */

let sms: SmsCatcher;
let clock: TestClock;
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  sms = await startSmsCatcher();
  clock = createTestClock();
  testApp = await buildTestApp({
    clock,
    // Every request here comes from one address and asks often: only the code rules are tested.
    env: {
      SMS_URL: sms.url,
      RATE_LIMIT_DRIVER_CODE_PER_IP: '1000',
      RATE_LIMIT_DRIVER_CODE_PER_PHONE: '1000',
      RATE_LIMIT_DRIVER_LOGIN_PER_IP: '1000',
      RATE_LIMIT_DRIVER_LOGIN_PER_PHONE: '1000',
    },
  });
  admin = await loginAs(testApp, 'admin');
  customer = await loginAs(testApp, 'individual');
});
afterAll(async () => {
  await testApp.close();
  await sms.stop();
});

const login = (phone: string, code: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/driver/auth/login', payload: { phone, code } });
const askForCode = (phone: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/driver/auth/code', payload: { phone } });
const unlock = (driverId: string, token: string) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/admin/drivers/${driverId}/unlock-sign-in`,
    headers: bearer(token),
  });

/** A six-digit code that is not this one. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function wrongTries(driver: AddedDriver, times: number): Promise<void> {
  const code = await requestSignInCode(testApp, driver.phone, sms);
  for (let i = 0; i < times; i += 1) {
    expect((await login(driver.phone, otherThan(code))).statusCode).toBe(401);
  }
}

async function signInLockedShown(driver: AddedDriver): Promise<boolean | undefined> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/trucks?q=${encodeURIComponent(driver.truckNumber)}`,
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const truck = (response.json() as { driverId: string; driverSignInLocked: boolean }[]).find(
    (item) => item.driverId === driver.driverId,
  );
  return truck?.driverSignInLocked;
}

describe('tries on a code', () => {
  it(`parallel wrong guesses count ${CODE_MAX_ATTEMPTS} tries at most, and then the code is dead`, async () => {
    const driver = await addDriver(testApp, admin.token);
    const code = await requestSignInCode(testApp, driver.phone, sms);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(driver.phone, otherThan(code))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(401));
    const [row] = await testApp.database.db
      .select({ attempts: driverSignInCodes.attempts })
      .from(driverSignInCodes)
      .where(eq(driverSignInCodes.driverId, driver.driverId));
    expect(row!.attempts).toBe(CODE_MAX_ATTEMPTS);
    const [failures] = await testApp.database.db
      .select({ count: count() })
      .from(driverSignInFailures)
      .where(eq(driverSignInFailures.driverId, driver.driverId));
    expect(failures!.count).toBe(CODE_MAX_ATTEMPTS);
    expect((await login(driver.phone, code)).statusCode).toBe(401);
  });

  it('asking for a new code keeps the previous one valid until it expires', async () => {
    const driver = await addDriver(testApp, admin.token);
    const first = await requestSignInCode(testApp, driver.phone, sms);
    await requestSignInCode(testApp, driver.phone, sms);
    expect((await login(driver.phone, first)).statusCode).toBe(200);

    const older = await requestSignInCode(testApp, driver.phone, sms);
    clock.advance(DRIVER_SIGN_IN_CODE_LIFETIME_MS / 2);
    await requestSignInCode(testApp, driver.phone, sms);
    clock.advance(DRIVER_SIGN_IN_CODE_LIFETIME_MS / 2 + 1000);
    expect((await login(driver.phone, older)).statusCode).toBe(401);
  });
});

describe('the lock after 10 wrong codes in 24 hours', () => {
  it('locks phone sign-in, sends no code, and lets the driver in once the office unlocks it', async () => {
    const driver = await addDriver(testApp, admin.token);
    await wrongTries(driver, 5);
    const code = await requestSignInCode(testApp, driver.phone, sms);
    for (let i = 0; i < 4; i += 1) {
      expect((await login(driver.phone, otherThan(code))).statusCode).toBe(401);
    }
    expect(await signInLockedShown(driver)).toBe(false);
    const tenth = await login(driver.phone, otherThan(code));
    expect(tenth.statusCode).toBe(401);

    // Even the right code of the live SMS no longer signs in.
    const locked = await login(driver.phone, code);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({
      code: 'driver_auth.sign_in_locked',
      message:
        'Too many wrong codes: sign-in on this phone is locked. Call the office to unlock it.',
    });
    expect(await signInLockedShown(driver)).toBe(true);

    const before = sms.messages.length;
    expect((await askForCode(driver.phone)).statusCode).toBe(202);
    // A known number asked after it: once its SMS arrives, the locked one's work is done too.
    const other = await addDriver(testApp, admin.token);
    await requestSignInCode(testApp, other.phone, sms);
    expect(sms.messages.slice(before).filter((m) => m.to === driver.phone)).toEqual([]);

    expect((await unlock(driver.driverId, customer.token)).statusCode).toBe(403);
    const answer = await unlock(driver.driverId, admin.token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ driverId: driver.driverId, driverSignInLocked: false });
    const audited = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, driver.driverId));
    expect(audited.filter((row) => row.action === 'driver.unlock_sign_in')).toEqual([
      expect.objectContaining({
        actorUserId: admin.user.id,
        recordType: 'driver',
        before: { signInLocked: true },
        after: { signInLocked: false },
      }),
    ]);
    expect(await signInLockedShown(driver)).toBe(false);
    const fresh = await requestSignInCode(testApp, driver.phone, sms);
    expect((await login(driver.phone, fresh)).statusCode).toBe(200);
  });

  it('unlock answers 404 for an unknown driver and 401 without a session', async () => {
    expect((await unlock('00000000-0000-4000-8000-000000000000', admin.token)).statusCode).toBe(
      404,
    );
    expect((await unlock('not-an-id', admin.token)).statusCode).toBe(404);
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/drivers/00000000-0000-4000-8000-000000000000/unlock-sign-in',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('asking for a code', () => {
  it('answers a known and an unknown number alike, before any work is done', async () => {
    const driver = await addDriver(testApp, admin.token);
    const unknown = uniqueDriverPhone();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    // No one reads the drivers table while this transaction holds it (on PGlite, nothing at all
    // runs): any answer that comes back was given before the work looked the number up.
    const holding = testApp.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE drivers IN ACCESS EXCLUSIVE MODE`);
      held();
      await released;
    });
    await isHeld;
    const before = sms.messages.length;
    let answers;
    try {
      answers = await Promise.race([
        Promise.all([askForCode(driver.phone), askForCode(unknown)]),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
      ]);
    } finally {
      release();
      await holding;
    }
    expect(answers).not.toBe('still waiting');
    const [known, stranger] = answers as Exclude<typeof answers, 'still waiting'>;
    expect(known.statusCode).toBe(202);
    expect(stranger.statusCode).toBe(202);
    expect(known.body).toBe(stranger.body);
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, ...rest } = headers;
      return rest;
    };
    expect(comparable(known.headers)).toEqual(comparable(stranger.headers));

    // The work is done after the answer: the driver's SMS arrives, the stranger's never does.
    await waitUntil('the sign-in SMS', () =>
      sms.messages.slice(before).find((m) => m.to === driver.phone),
    );
    expect(sms.messages.slice(before).filter((m) => m.to === unknown)).toEqual([]);
  });
});

// Last: moving the clock a day on ends the admin's session.
describe('the 24 hours', () => {
  it('counts only the last 24 hours', async () => {
    const driver = await addDriver(testApp, admin.token);
    await wrongTries(driver, 5);
    await wrongTries(driver, 4);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    await wrongTries(driver, 1);
    const code = await requestSignInCode(testApp, driver.phone, sms);
    expect((await login(driver.phone, code)).statusCode).toBe(200);
  });
});
