import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, individualPayload, login, loginAs, TEST_PASSWORD } from './factories';
import { buildTestApp, createTestClock, type TestApp } from './helpers';
import { waitUntil } from './polling';

const clock = createTestClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ clock });
});
afterAll(() => testApp.close());

const profile = (headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url: '/api/auth/profile', headers });

describe('POST /api/auth/login', () => {
  it('returns a token and the user with a display name', async () => {
    const company = await loginAs(testApp, 'company');
    expect(company.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(company.user).toMatchObject({
      email: company.email,
      role: 'USER',
      userType: 'COMPANY',
      name: 'Souss Logistique SARL',
    });
    const admin = await loginAs(testApp, 'admin');
    expect(admin.user).toMatchObject({ role: 'ADMIN', userType: null, name: 'Administrator' });
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const person = await loginAs(testApp, 'individual');
    const again = await login(testApp, `  ${person.email.toUpperCase()} `, TEST_PASSWORD);
    expect(again.user.id).toBe(person.user.id);
  });

  it('gives one message for a wrong password and an unknown email', async () => {
    const person = await loginAs(testApp, 'individual');
    const wrongPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: 'Wrong@2026' },
    });
    const unknownEmail = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.ma', password: 'Wrong@2026' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      code: 'auth.invalid_credentials',
      message: 'Invalid email or password',
    });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it.each([
    [{ email: '', password: 'secret12' }, 'email', 'Required'],
    [{ email: 'nope', password: 'secret12' }, 'email', 'Please enter a valid email'],
    [{ email: 'a@b.ma', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@b.ma', password: '12345' }, 'password', 'Password is too short'],
  ])('refuses %o with the field message', async (payload, field, message) => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });
});

describe('GET /api/auth/profile', () => {
  it('returns the company fields for a company', async () => {
    const company = await loginAs(testApp, 'company');
    const response = await profile(bearer(company.token));
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      userType: 'COMPANY',
      email: company.email,
      role: 'USER',
      company: {
        companyName: 'Souss Logistique SARL',
        rc: 'RC-AGA-45821',
        nIf: 'IF-3345120',
        responsableName: 'Youssef Amrani',
        phone: '+212661234567',
        address: '12 Avenue Hassan II, Agadir',
      },
    });
    expect(response.json().user.individual).toBeUndefined();
  });

  it('returns the individual fields for an individual', async () => {
    const person = await loginAs(testApp, 'individual');
    const { user } = (await profile(bearer(person.token))).json();
    expect(user.userType).toBe('INDIVIDUAL');
    expect(user.individual).toEqual(individualPayload().individual);
    expect(user.company).toBeUndefined();
  });
});

describe('tokens', () => {
  it('401 without a token, with a malformed one, or one signed with another key', async () => {
    const missing = await profile();
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe('Authentication token is missing. Please log in again.');
    expect((await profile(bearer('not-a-jwt'))).statusCode).toBe(401);
    const person = await loginAs(testApp, 'individual');
    const [header, payload] = person.token.split('.');
    const forged = `${header}.${payload}.c2lnbmF0dXJlLWZyb20tc29tZW9uZS1lbHNl`;
    expect((await profile(bearer(forged))).statusCode).toBe(401);
    expect((await profile({ authorization: person.token })).statusCode).toBe(401);
  });

  it('logout revokes the token: the same token then gets 401', async () => {
    const person = await loginAs(testApp, 'individual');
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(person.token),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Logged out successfully' });
    const after = await profile(bearer(person.token));
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has expired. Please log in again.');
  });

  it('a session revoked in the database by anything else is refused from the next request on', async () => {
    // The test's clock stands still, so a remembered check never ages out
    // (src/server/auth/session-checks.ts): only the database's notification can forget it.
    const person = await loginAs(testApp, 'individual');
    expect((await profile(bearer(person.token))).statusCode).toBe(200);
    expect((await profile(bearer(person.token))).statusCode).toBe(200);
    await testApp.database.db.execute(
      sql`update sessions set revoked_at = now() where user_id = ${person.user.id}`,
    );
    const refused = await waitUntil(
      'the revoked session refused',
      async () => {
        const after = await profile(bearer(person.token));
        return after.statusCode === 401 ? after : undefined;
      },
      1_000,
    );
    expect(refused.json().message).toBe('Your session has expired. Please log in again.');
  });

  it('logging out one session leaves the others working', async () => {
    const person = await loginAs(testApp, 'individual');
    const other = await login(testApp, person.email, TEST_PASSWORD);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(person.token),
    });
    expect((await profile(bearer(other.token))).statusCode).toBe(200);
  });
});

describe('role guard', () => {
  const adminUsers = (headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: '/api/admin/users', headers });

  it('401 without a token, 403 for a company and an individual, 200 for the admin', async () => {
    expect((await adminUsers()).statusCode).toBe(401);
    const company = await loginAs(testApp, 'company');
    const person = await loginAs(testApp, 'individual');
    const admin = await loginAs(testApp, 'admin');
    const refused = await adminUsers(bearer(company.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'auth.admins_only',
      message: 'Admin privileges are required',
    });
    expect((await adminUsers(bearer(person.token))).statusCode).toBe(403);
    const allowed = await adminUsers(bearer(admin.token));
    expect(allowed.statusCode).toBe(200);
    const emails = (allowed.json() as Array<{ email: string }>).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([company.email, person.email, admin.email]));
    expect(Number(allowed.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
  });

  it('the admin users list pages and searches on the server', async () => {
    const admin = await loginAs(testApp, 'admin');
    const target = await loginAs(testApp, 'individual');
    const search = await adminUsers(bearer(admin.token));
    expect(search.statusCode).toBe(200);
    const found = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent(target.email.slice(0, 14))}`,
      headers: bearer(admin.token),
    });
    expect(found.json()).toEqual([
      {
        id: target.user.id,
        email: target.email,
        userType: 'INDIVIDUAL',
        role: 'USER',
        name: 'Salma Benali',
        createdAt: expect.any(String),
        disabledAt: null,
      },
    ]);
    const page = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/users?page=2&pageSize=2',
      headers: bearer(admin.token),
    });
    expect(page.json()).toHaveLength(2);
    const total = Number(page.headers['x-total-count']);
    const all = (await adminUsers(bearer(admin.token))).json() as Array<{ id: string }>;
    expect(all).toHaveLength(total);
    expect((page.json() as Array<{ id: string }>).map((u) => u.id)).toEqual(
      all.slice(2, 4).map((u) => u.id),
    );
    const bad = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/users?pageSize=1000',
      headers: bearer(admin.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.pageSize).toBe('pageSize must be 100 or less');
  });
});
