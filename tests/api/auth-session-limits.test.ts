import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIMITS } from '../../src/server/auth/session-tokens';
import { sessions } from '../../src/server/db/schema';
import { addDriver, signInDriver, startSmsCatcher, type SmsCatcher } from './driver-helpers';
import { bearer, loginAs, type LoggedIn } from './factories';
import { buildTestApp, createTestClock, type TestApp, type TestClock } from './helpers';
import { migrationsBefore, migrationsFolder } from './migrations-before';

/**
 * Session limits by role (docs/decisions/0011-hardening.md): an admin's session ends after an
 * hour without a request and 12 hours after sign-in; a customer's or a driver's after 30 days
 * without one and 90 days after sign-in. Each test runs an instance of the API with a clock of
 * its own over the one database, so that moving time in one leaves the others alone.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

let sms: SmsCatcher;
let base: TestApp;
const instances: TestApp[] = [];
beforeAll(async () => {
  sms = await startSmsCatcher();
  base = await buildTestApp({ env: { SMS_URL: sms.url } });
});
afterAll(async () => {
  for (const instance of instances) await instance.close();
  await base.close();
  await sms.stop();
});

async function withOwnClock(): Promise<{ testApp: TestApp; clock: TestClock }> {
  const clock = createTestClock();
  const testApp = await buildTestApp({ sameDatabaseAs: base, clock, env: { SMS_URL: sms.url } });
  instances.push(testApp);
  return { testApp, clock };
}

const profile = (testApp: TestApp, who: { token: string }) =>
  testApp.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(who.token) });

const profileStatus = async (testApp: TestApp, who: { token: string }) =>
  (await profile(testApp, who)).statusCode;

async function lastSeenOf(testApp: TestApp, who: LoggedIn): Promise<Date> {
  const { jti } = decodeJwt(who.token);
  const [row] = await testApp.database.db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.id, jti!));
  return row!.lastSeenAt;
}

describe('an administrator’s session', () => {
  it('ends after an hour without a request, with the usual 401', async () => {
    const { testApp, clock } = await withOwnClock();
    const [idle, active] = [await loginAs(testApp, 'admin'), await loginAs(testApp, 'admin')];
    clock.advance(59 * MINUTE_MS);
    expect(await profileStatus(testApp, active)).toBe(200);
    clock.advance(2 * MINUTE_MS);
    const expired = await profile(testApp, idle);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      code: 'auth.session_expired',
      message: 'Your session has expired. Please log in again.',
    });
    // The one used two minutes ago stands.
    expect(await profileStatus(testApp, active)).toBe(200);
  });

  it('ends 12 hours after sign-in however often it is used', async () => {
    const { testApp, clock } = await withOwnClock();
    const admin = await loginAs(testApp, 'admin');
    const { iat, exp } = decodeJwt(admin.token);
    expect((exp! - iat!) * 1000).toBe(12 * HOUR_MS);
    // Every 50 minutes up to 11 h 40 min: still signed in.
    for (let elapsed = 50; elapsed <= 700; elapsed += 50) {
      clock.advance(50 * MINUTE_MS);
      expect(await profileStatus(testApp, admin), `${elapsed} minutes`).toBe(200);
    }
    clock.advance(50 * MINUTE_MS);
    expect(await profileStatus(testApp, admin)).toBe(401);
  });
});

describe('a customer’s session', () => {
  it('stands 29 days without a request and ends after 31', async () => {
    const { testApp, clock } = await withOwnClock();
    const [early, late] = [await loginAs(testApp, 'individual'), await loginAs(testApp, 'company')];
    clock.advance(29 * DAY_MS);
    expect(await profileStatus(testApp, early)).toBe(200);
    clock.advance(2 * DAY_MS);
    expect(await profileStatus(testApp, late)).toBe(401);
    // Seen two days ago: still signed in.
    expect(await profileStatus(testApp, early)).toBe(200);
  });

  it('stays signed in past 30 days while used every 20, up to 90 days in all', async () => {
    const { testApp, clock } = await withOwnClock();
    const customer = await loginAs(testApp, 'company');
    const { iat, exp } = decodeJwt(customer.token);
    expect((exp! - iat!) * 1000).toBe(SESSION_LIMITS.USER.lifetimeMs);
    for (const day of [20, 40, 60, 80]) {
      clock.advance(20 * DAY_MS);
      expect(await profileStatus(testApp, customer), `day ${day}`).toBe(200);
    }
    clock.advance(20 * DAY_MS);
    expect(await profileStatus(testApp, customer)).toBe(401);
  });

  it('records its last request at most once a minute', async () => {
    const { testApp, clock } = await withOwnClock();
    const customer = await loginAs(testApp, 'individual');
    const signedInAt = clock.now();
    expect(await lastSeenOf(testApp, customer)).toEqual(signedInAt);

    clock.advance(30_000);
    expect(await profileStatus(testApp, customer)).toBe(200);
    expect(await lastSeenOf(testApp, customer)).toEqual(signedInAt);

    clock.advance(31_000);
    expect(await profileStatus(testApp, customer)).toBe(200);
    const refreshedAt = clock.now();
    expect(await lastSeenOf(testApp, customer)).toEqual(refreshedAt);

    clock.advance(59_000);
    expect(await profileStatus(testApp, customer)).toBe(200);
    expect(await lastSeenOf(testApp, customer)).toEqual(refreshedAt);
  });
});

describe('a driver’s session', () => {
  it('ends after 30 days without a request, like a customer’s', async () => {
    const { testApp, clock } = await withOwnClock();
    const admin = await loginAs(testApp, 'admin');
    const driver = await addDriver(testApp, admin.token);
    const [idle, active] = [
      await signInDriver(testApp, driver.phone, sms),
      await signInDriver(testApp, driver.phone, sms),
    ];
    clock.advance(29 * DAY_MS);
    expect(await profileStatus(testApp, active)).toBe(200);
    clock.advance(2 * DAY_MS);
    expect(await profileStatus(testApp, idle)).toBe(401);
    expect(await profileStatus(testApp, active)).toBe(200);
  });
});

describe('migration 0006: session activity', () => {
  const oldFolder = migrationsBefore('0006_session_activity');
  const client = new PGlite();
  afterAll(async () => {
    await client.close();
    rmSync(oldFolder, { recursive: true, force: true });
  });

  it('counts the idle time of existing sessions from their start', async () => {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: oldFolder });
    await client.exec(`
      insert into users (id, email, password_hash, role)
        values ('8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0a02', 'old-admin@atlas.test', 'x', 'ADMIN');
      insert into sessions (user_id, created_at, expires_at)
        values ('8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0a02', '2026-03-01T08:00:00Z', '2026-03-08T08:00:00Z');
    `);

    await migrate(db, { migrationsFolder });

    const rows = await client.query<{ last_seen_at: Date }>(`select last_seen_at from sessions`);
    expect(rows.rows).toEqual([{ last_seen_at: new Date('2026-03-01T08:00:00Z') }]);
    // New sessions get one without being told.
    await client.exec(`
      insert into sessions (user_id, expires_at)
        values ('8f0f7d1e-5a7b-4c55-9a51-1d1c1f0e0a02', now() + interval '1 hour');
    `);
    const fresh = await client.query<{ count: number }>(
      `select count(*)::int as count from sessions where last_seen_at is not null`,
    );
    expect(fresh.rows).toEqual([{ count: 2 }]);
  });
});
