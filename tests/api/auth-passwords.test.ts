import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPasswordResetToken } from '../../src/server/auth/auth-queries';
import { RESET_TOKEN_LIFETIME_MS } from '../../src/server/auth/auth-service';
import { addDriver, signInDriver, startSmsCatcher, type SmsCatcher } from './driver-helpers';
import {
  bearer,
  individualPayload,
  login,
  loginAs,
  TEST_PASSWORD,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';

/** docs/decisions/0011-hardening.md: the password rule, the common list, change and sign-out. */
const COMMON_MESSAGE = 'This password is too common. Please choose a less predictable one.';
const NEW_PASSWORD = 'Oasis#Tafilalt9';

let sms: SmsCatcher;
let testApp: TestApp;
beforeAll(async () => {
  sms = await startSmsCatcher();
  testApp = await buildTestApp({ env: { SMS_URL: sms.url } });
});
afterAll(async () => {
  await testApp.close();
  await sms.stop();
});

const register = (password: string, headers: Record<string, string> = {}) => {
  const payload = { ...individualPayload(), password };
  return testApp.app.inject({ method: 'POST', url: '/api/auth/register', headers, payload });
};

const loginStatus = async (email: string, password: string) =>
  (
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    })
  ).statusCode;

const profileStatus = async (token: string) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) }))
    .statusCode;

const changePassword = (token: string, payload: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { ...bearer(token), ...headers },
    payload,
  });

const logoutOthers = (token: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/logout-others', headers: bearer(token) });

/** A reset link for this account, as if it had been mailed (the mail is tested elsewhere). */
async function resetTokenFor(userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertPasswordResetToken(testApp.database.db, {
    userId,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
  });
  return token;
}

const reset = (token: string, password: string) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/auth/reset_password/${token}`,
    payload: { password, confirmPassword: password, token },
  });

describe('the password rule', () => {
  it.each([
    'Sahara Dunes 26',
    'Sahara#Dunes26',
    'Sahara-Dunes-26',
    'Été à Fès, 2026',
    'Ağadir€Kasbah7',
    'مرحبا بالعالم Aa1',
    `Aa1 ${'é'.repeat(124)}`,
  ])('accepts %j at sign-up, and it logs in', async (password) => {
    const response = await register(password);
    expect(response.statusCode, response.body).toBe(201);
    expect(await loginStatus(response.json().user.email, password)).toBe(200);
  });

  it('refuses 129 characters, and a password missing a class, with the field message', async () => {
    const tooLong = await register(`Aa1 ${'x'.repeat(125)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ password: 'Password is too long' });
    const noDigit = await register('Sahara Dunes');
    expect(noDigit.statusCode).toBe(400);
    expect(noDigit.json().errors).toEqual({
      password:
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    });
  });
});

describe('common passwords', () => {
  it.each(['Password1!', 'Qwerty123!', 'Azerty123!', 'Sahara@2026'])(
    'are refused at sign-up: %s',
    async (password) => {
      const response = await register(password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'validation.password_too_common',
        message: COMMON_MESSAGE,
        errors: { password: COMMON_MESSAGE },
        errorCodes: { password: 'validation.password_too_common' },
      });
    },
  );

  it('are refused in the reader’s language', async () => {
    const french = await register('Password1!', { 'accept-language': 'fr' });
    expect(french.json().errors.password).toBe(
      'Ce mot de passe est trop courant. Veuillez en choisir un moins prévisible.',
    );
    const arabic = await register('Password1!', { 'accept-language': 'ar' });
    expect(arabic.json().errors.password).toBe(
      'كلمة المرور هذه شائعة جدًا. يرجى اختيار كلمة مرور يصعب تخمينها.',
    );
  });

  it('are refused at reset, and the link still works for a better one', async () => {
    const person = await loginAs(testApp, 'individual');
    const token = await resetTokenFor(person.user.id);
    const refused = await reset(token, 'Qwerty123!');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ password: COMMON_MESSAGE });
    expect(await loginStatus(person.email, TEST_PASSWORD)).toBe(200);

    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await loginStatus(person.email, NEW_PASSWORD)).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes it: the old one stops working, other sessions end, this one stays', async () => {
    const person = await loginAs(testApp, 'company');
    const otherDevice = await login(testApp, person.email, TEST_PASSWORD);

    const changed = await changePassword(person.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      message: 'Your password has been changed. Your other devices have been signed out.',
    });

    expect(await loginStatus(person.email, TEST_PASSWORD)).toBe(401);
    expect(await loginStatus(person.email, NEW_PASSWORD)).toBe(200);
    const ended = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(otherDevice.token),
    });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe('Your session has expired. Please log in again.');
    expect(await profileStatus(person.token)).toBe(200);
  });

  it('refuses a wrong current password on its field, and changes nothing', async () => {
    const person = await loginAs(testApp, 'individual');
    const otherDevice = await login(testApp, person.email, TEST_PASSWORD);
    const refused = await changePassword(person.token, {
      currentPassword: 'Not#TheRight1',
      newPassword: NEW_PASSWORD,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'auth.current_password_wrong',
      message: 'Your current password is incorrect',
      errors: { currentPassword: 'Your current password is incorrect' },
      errorCodes: { currentPassword: 'auth.current_password_wrong' },
    });
    expect(await loginStatus(person.email, TEST_PASSWORD)).toBe(200);
    expect(await profileStatus(otherDevice.token)).toBe(200);
  });

  it.each([
    [NEW_PASSWORD, undefined, 'Current password is required', 'currentPassword'],
    [NEW_PASSWORD, '', 'Current password is required', 'currentPassword'],
    [
      'weakpass',
      TEST_PASSWORD,
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      'newPassword',
    ],
    [`Aa1 ${'x'.repeat(125)}`, TEST_PASSWORD, 'Password is too long', 'newPassword'],
    [
      TEST_PASSWORD,
      TEST_PASSWORD,
      'The new password must be different from the current one',
      'newPassword',
    ],
    ['Azerty123!', TEST_PASSWORD, COMMON_MESSAGE, 'newPassword'],
  ])('refuses new %j (current %j): %s', async (newPassword, currentPassword, message, field) => {
    const person = await loginAs(testApp, 'individual');
    const refused = await changePassword(person.token, { currentPassword, newPassword });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ [field]: message });
    expect(await loginStatus(person.email, TEST_PASSWORD)).toBe(200);
  });

  it('answers in the reader’s language', async () => {
    const person = await loginAs(testApp, 'individual');
    const refused = await changePassword(
      person.token,
      { currentPassword: 'Not#TheRight1', newPassword: NEW_PASSWORD },
      { 'accept-language': 'fr' },
    );
    expect(refused.json().errors).toEqual({
      currentPassword: 'Votre mot de passe actuel est incorrect',
    });
  });

  it('works for an admin too', async () => {
    const admin = await loginAs(testApp, 'admin');
    const changed = await changePassword(admin.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(await loginStatus(admin.email, NEW_PASSWORD)).toBe(200);
  });

  it('answers 401 without a session and 403 to a driver, who has no password', async () => {
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);

    const admin = await loginAs(testApp, 'admin');
    const driver = await addDriver(testApp, admin.token);
    const { token } = await signInDriver(testApp, driver.phone, sms);
    const refused = await changePassword(token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'auth.customers_and_admins_only',
      message: 'This is for customers and administrators only',
    });
  });

  it('limits the attempts per account: guessing through a session is slowed down', async () => {
    const limited = await buildTestApp({
      sameDatabaseAs: testApp,
      env: { RATE_LIMIT_LOGIN_PER_EMAIL: '3' },
    });
    try {
      const person = await loginAs(limited, 'individual');
      const other = await loginAs(limited, 'individual');
      const guess = (who: LoggedIn, currentPassword: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: bearer(who.token),
          payload: { currentPassword, newPassword: NEW_PASSWORD },
        });
      const statuses = [];
      for (const attempt of ['Guess#One1', 'Guess#Two2', 'Guess#Three3']) {
        statuses.push((await guess(person, attempt)).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400]);
      // The limit is reached: even the right password waits now.
      const blocked = await guess(person, TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(await loginStatus(person.email, TEST_PASSWORD)).toBe(200);
      // Another account is not affected.
      expect((await guess(other, TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/logout-others', () => {
  it('ends the caller’s other sessions only, and says how many', async () => {
    const person = await loginAs(testApp, 'individual');
    const phone = await login(testApp, person.email, TEST_PASSWORD);
    const laptop = await login(testApp, person.email, TEST_PASSWORD);
    const someoneElse = await loginAs(testApp, 'individual');

    const answer = await logoutOthers(person.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      message: 'Your other devices have been signed out.',
      ended: 2,
    });

    expect(await profileStatus(phone.token)).toBe(401);
    expect(await profileStatus(laptop.token)).toBe(401);
    expect(await profileStatus(person.token)).toBe(200);
    expect(await profileStatus(someoneElse.token)).toBe(200);
    // The password is unchanged: it signs in again, a new session the next call ends.
    expect(await loginStatus(person.email, TEST_PASSWORD)).toBe(200);
    expect((await logoutOthers(person.token)).json().ended).toBe(1);
    expect((await logoutOthers(person.token)).json().ended).toBe(0);
  });

  it('answers 401 without a session, and works for a driver', async () => {
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/api/auth/logout-others' })).statusCode,
    ).toBe(401);
    const admin = await loginAs(testApp, 'admin');
    const driver = await addDriver(testApp, admin.token);
    const first = await signInDriver(testApp, driver.phone, sms);
    const second = await signInDriver(testApp, driver.phone, sms);
    expect((await logoutOthers(second.token)).json()).toMatchObject({ ended: 1 });
    expect(await profileStatus(first.token)).toBe(401);
    expect(await profileStatus(second.token)).toBe(200);
  });
});
