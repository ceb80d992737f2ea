import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, MfaSetupResponse } from '../../src/shared/schemas/mfa-schemas';
import { upsertAdminAccount } from '../../src/server/auth/admin-bootstrap';
import { resetAdminSecondFactor } from '../../src/server/auth/second-factor-service';
import { MFA_CHALLENGE_LIFETIME_MS } from '../../src/server/auth/session-tokens';
import { recoveryCodes, secondFactors, sessions } from '../../src/server/db/schema';
import { nextTotpStep, totpCode } from '../support/second-factor';
import {
  bearer,
  enrolSecondFactor,
  login,
  loginAs,
  TEST_PASSWORD,
  uniqueEmail,
  type LoggedIn,
} from './factories';
import { buildTestApp, createTestClock, type TestApp, type TestClock } from './helpers';

/**
 * The second factor (docs/decisions/0015-second-factor-and-sessions.md): enrolment, the code step
 * after the password with a code or a recovery code, each code once, wrong codes limited, and
 * administrators held to enrolment by ADMIN_MFA. Time moves on this file's own clock.
 */
const MFA_LIMIT = 5;
let clock: TestClock;
let testApp: TestApp;
beforeAll(async () => {
  clock = createTestClock();
  testApp = await buildTestApp({
    clock,
    env: { RATE_LIMIT_MFA_PER_ACCOUNT: String(MFA_LIMIT) },
  });
});
afterAll(() => testApp.close());

/** Moves the clock to the start of the next 30-second step: the last code was used in this one. */
const nextStep = () => clock.advance(nextTotpStep(clock.now()).getTime() - clock.now().getTime());

const post = (url: string, payload?: object, token?: string) =>
  testApp.app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? bearer(token) : {},
  });

const get = (url: string, token: string) =>
  testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

async function passwordStep(account: LoggedIn): Promise<string> {
  const response = await post('/api/auth/login', {
    email: account.email,
    password: account.password,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as LoginResponse;
  expect(body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return (body as { mfaToken: string }).mfaToken;
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row!.n;
}

async function enrolledCustomer(): Promise<LoggedIn> {
  return enrolSecondFactor(testApp, await loginAs(testApp, 'individual'));
}

describe('enrolment', () => {
  it('sets up a secret with its QR code, keeps it sealed, and turns on with a first code', async () => {
    const customer = await loginAs(testApp, 'company');
    const setup = await post('/api/auth/mfa/setup', undefined, customer.token);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json() as MfaSetupResponse;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Atlas%20Freight:${encodeURIComponent(customer.email)}?secret=${secret}&issuer=Atlas%20Freight`,
    );
    expect(qrSvg).toMatch(/^<svg [^>]*>.*<\/svg>\s*$/s);
    const [row] = await testApp.database.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, customer.user.id));
    expect(row!.sealedSecret).not.toContain(secret);
    expect(row!.enabledAt).toBeNull();
    expect((await get('/api/auth/mfa', customer.token)).json()).toEqual({
      enabled: false,
      enrollmentRequired: false,
    });

    const wrongCode = totpCode(secret, clock.now()) === '000000' ? '111111' : '000000';
    const wrong = await post('/api/auth/mfa/enable', { code: wrongCode }, customer.token);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'auth.mfa_code_invalid' });

    const enable = await post(
      '/api/auth/mfa/enable',
      { code: totpCode(secret, clock.now()) },
      customer.token,
    );
    expect(enable.statusCode, enable.body).toBe(200);
    const { recoveryCodes: shown } = enable.json() as { recoveryCodes: string[] };
    expect(shown).toHaveLength(10);
    expect(new Set(shown).size).toBe(10);
    for (const code of shown) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await testApp.database.db
      .select({ codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, customer.user.id));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(shown.some((code) => codeHash.includes(code.replace('-', '')))).toBe(false);
    }
    expect((await get('/api/auth/mfa', customer.token)).json()).toEqual({
      enabled: true,
      enrollmentRequired: false,
    });

    // Once on, a new set-up is refused: it would lock the account out of its own app.
    expect((await post('/api/auth/mfa/setup', undefined, customer.token)).statusCode).toBe(409);
  });

  it('refuses to enable without a set-up, and refuses badly formed codes with 400', async () => {
    const customer = await loginAs(testApp, 'individual');
    const noSetup = await post('/api/auth/mfa/enable', { code: '123456' }, customer.token);
    expect(noSetup.statusCode).toBe(409);
    expect(noSetup.json()).toMatchObject({ code: 'mfa.setup_required' });
    for (const code of ['12345', 'abcdef', '1'.repeat(30)]) {
      const response = await post('/api/auth/mfa/enable', { code }, customer.token);
      expect(response.statusCode, code).toBe(400);
    }
  });
});

describe('signing in with a second factor', () => {
  it('answers the code step instead of a session, then a session for the current code', async () => {
    const customer = await enrolledCustomer();
    const before = await sessionCount(customer.user.id);
    const mfaToken = await passwordStep(customer);
    expect(await sessionCount(customer.user.id)).toBe(before);
    // The code step's token is no session.
    expect((await get('/api/auth/profile', mfaToken)).statusCode).toBe(401);

    nextStep();
    const verified = await post('/api/auth/mfa/verify', {
      mfaToken,
      code: totpCode(customer.secondFactorSecret!, clock.now()),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const { token, user } = verified.json() as { token: string; user: { id: string } };
    expect(user.id).toBe(customer.user.id);
    expect((await get('/api/auth/profile', token)).statusCode).toBe(200);
    expect(await sessionCount(customer.user.id)).toBe(before + 1);
  });

  it('accepts a code once: a replay within its step is refused with 401', async () => {
    const customer = await enrolledCustomer();
    nextStep();
    const code = totpCode(customer.secondFactorSecret!, clock.now());
    const first = await post('/api/auth/mfa/verify', {
      mfaToken: await passwordStep(customer),
      code,
    });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await post('/api/auth/mfa/verify', {
      mfaToken: await passwordStep(customer),
      code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'auth.mfa_code_used' });

    // The previous step's code is older than the one accepted: refused as well.
    nextStep();
    const older = new Date(clock.now().getTime() - 30_000);
    const stale = await post('/api/auth/mfa/verify', {
      mfaToken: await passwordStep(customer),
      code: totpCode(customer.secondFactorSecret!, older),
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'auth.mfa_code_used' });
  });

  it('signs in with a recovery code once, in any case and without its dash', async () => {
    const customer = await enrolledCustomer();
    const [recoveryCode] = customer.recoveryCodes!;
    const typed = recoveryCode!.replace('-', ' ').toUpperCase();
    const first = await post('/api/auth/mfa/verify', {
      mfaToken: await passwordStep(customer),
      recoveryCode: typed,
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('/api/auth/mfa/verify', {
      mfaToken: await passwordStep(customer),
      recoveryCode: recoveryCode!,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'auth.mfa_recovery_code_invalid' });
    // Another account's recovery code is no use here.
    const other = await enrolledCustomer();
    const foreign = await post('/api/auth/mfa/verify', {
      mfaToken: await passwordStep(customer),
      recoveryCode: other.recoveryCodes![0]!,
    });
    expect(foreign.statusCode).toBe(401);
  });

  it('limits codes tried per account with 429, the right code included', async () => {
    const customer = await enrolledCustomer();
    const mfaToken = await passwordStep(customer);
    nextStep();
    const right = totpCode(customer.secondFactorSecret!, clock.now());
    const wrong = right === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < MFA_LIMIT; attempt++) {
      const response = await post('/api/auth/mfa/verify', { mfaToken, code: wrong });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'auth.mfa_code_invalid' });
    }
    const limited = await post('/api/auth/mfa/verify', { mfaToken, code: right });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A new code step's token does not reset the count: it is the account's.
    const fresh = await post('/api/auth/mfa/verify', {
      mfaToken: await passwordStep(customer),
      code: right,
    });
    expect(fresh.statusCode).toBe(429);
  });

  it('lets the code step expire a few minutes after the password', async () => {
    const customer = await enrolledCustomer();
    const mfaToken = await passwordStep(customer);
    clock.advance(MFA_CHALLENGE_LIFETIME_MS + 1000);
    const late = await post('/api/auth/mfa/verify', {
      mfaToken,
      code: totpCode(customer.secondFactorSecret!, clock.now()),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'auth.mfa_challenge_expired' });
    // A session token is no code step either.
    const misuse = await post('/api/auth/mfa/verify', { mfaToken: customer.token, code: '123456' });
    expect(misuse.statusCode).toBe(401);
  });
});

describe('turning the second factor off', () => {
  it('takes the password and a current code; sign-in is then the password alone', async () => {
    const customer = await enrolledCustomer();
    nextStep();
    const code = totpCode(customer.secondFactorSecret!, clock.now());
    const wrongPassword = await post(
      '/api/auth/mfa/disable',
      { password: 'Not@ThePassword1', code },
      customer.token,
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      code: 'mfa.password_wrong',
      errors: { password: expect.any(String) },
    });
    const disabled = await post(
      '/api/auth/mfa/disable',
      { password: customer.password, code },
      customer.token,
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await login(testApp, customer.email, customer.password)).token).toEqual(
      expect.any(String),
    );
    const rows = await testApp.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, customer.user.id));
    expect(rows).toEqual([]);
  });
});

describe('administrators with ADMIN_MFA=required (the default)', () => {
  it('signs in with the password, then answers 403 auth.mfa_enrollment_required until enrolled', async () => {
    const email = uniqueEmail('admin');
    await upsertAdminAccount(testApp.database.db, email, TEST_PASSWORD);
    const admin = await login(testApp, email, TEST_PASSWORD);

    const refused = await get('/api/admin/dashboard', admin.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.mfa_enrollment_required' });
    const french = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { ...bearer(admin.token), 'accept-language': 'fr' },
    });
    expect(french.statusCode).toBe(403);
    expect(french.json()).toMatchObject({
      code: 'auth.mfa_enrollment_required',
      message:
        "Les administrateurs doivent activer un second facteur avant d'utiliser le back-office.",
    });
    expect((await get('/api/auth/sessions', admin.token)).statusCode).toBe(403);
    // What stays open: the profile, the status, enrolment and logout.
    expect((await get('/api/auth/profile', admin.token)).statusCode).toBe(200);
    expect((await get('/api/auth/mfa', admin.token)).json()).toEqual({
      enabled: false,
      enrollmentRequired: true,
    });

    const enrolled = await enrolSecondFactor(testApp, admin);
    expect((await get('/api/admin/dashboard', enrolled.token)).statusCode).toBe(200);
    expect((await get('/api/auth/mfa', admin.token)).json()).toEqual({
      enabled: true,
      enrollmentRequired: false,
    });
    expect((await post('/api/auth/logout', undefined, admin.token)).statusCode).toBe(200);
  });

  it('still tells a customer on an admin route that it is for admins', async () => {
    const customer = await loginAs(testApp, 'company');
    const response = await get('/api/admin/dashboard', customer.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'auth.admins_only' });
  });

  it('create-admin --reset-mfa clears a lost factor: password sign-in, then enrolment again', async () => {
    const admin = await loginAs(testApp, 'admin');
    expect(await resetAdminSecondFactor(testApp.database.db, admin.email)).toBe('reset');
    expect(await resetAdminSecondFactor(testApp.database.db, admin.email)).toBe('no-second-factor');
    const customer = await loginAs(testApp, 'individual');
    expect(await resetAdminSecondFactor(testApp.database.db, customer.email)).toBe('not-an-admin');

    const again = await login(testApp, admin.email, admin.password);
    const refused = await get('/api/admin/dashboard', again.token);
    expect(refused.json()).toMatchObject({ code: 'auth.mfa_enrollment_required' });
    const rows = await testApp.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, admin.user.id));
    expect(rows).toEqual([]);
  });
});

describe('administrators with ADMIN_MFA=optional', () => {
  let optional: TestApp;
  beforeAll(async () => {
    optional = await buildTestApp({ sameDatabaseAs: testApp, env: { ADMIN_MFA: 'optional' } });
  });
  afterAll(() => optional.close());

  it('lets an admin without a second factor in, and one with it still signs in with a code', async () => {
    const email = uniqueEmail('admin');
    await upsertAdminAccount(optional.database.db, email, TEST_PASSWORD);
    const admin = await login(optional, email, TEST_PASSWORD);
    const dashboard = await optional.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: bearer(admin.token),
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const status = await optional.app.inject({
      method: 'GET',
      url: '/api/auth/mfa',
      headers: bearer(admin.token),
    });
    expect(status.json()).toEqual({ enabled: false, enrollmentRequired: false });

    await enrolSecondFactor(optional, admin);
    const response = await optional.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.json()).toMatchObject({ mfaRequired: true });
  });

  it('refuses any other value of ADMIN_MFA at start with one clear line', async () => {
    await expect(buildTestApp({ env: { ADMIN_MFA: 'sometimes' } })).rejects.toThrow(
      'Invalid configuration: ADMIN_MFA must be required or optional',
    );
  });
});
