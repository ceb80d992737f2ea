import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../src/shared/schemas/mfa-schemas';
import { bearer, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/**
 * The account's own sessions (docs/decisions/0015-second-factor-and-sessions.md): listed with the
 * device read from the user agent and a coarse address, never the full one; ended at once by
 * their owner; anyone else's is a 404.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const PHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

/** A new session of this account, signed in from that browser and address. */
async function signInFrom(
  account: LoggedIn,
  userAgent: string,
  remoteAddress: string,
): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { token: string }).token;
}

const listSessions = (token: string) =>
  testApp.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });

const endSession = (token: string, id: string) =>
  testApp.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });

const sessionIdOf = (token: string) => decodeJwt(token).jti!;

describe('GET /api/auth/sessions', () => {
  it('lists the account’s sessions with device, coarse address, times and the current one', async () => {
    const customer = await loginAs(testApp, 'company');
    const phone = await signInFrom(customer, PHONE_SAFARI, '203.0.113.77');
    const desktop = await signInFrom(customer, DESKTOP_FIREFOX, '2001:db8:abcd:12::5');

    const response = await listSessions(phone);
    expect(response.statusCode, response.body).toBe(200);
    const { sessions } = response.json() as { sessions: Session[] };
    expect(sessions).toHaveLength(3);
    const byId = new Map(sessions.map((session) => [session.id, session]));
    expect(byId.get(sessionIdOf(phone))).toEqual({
      id: sessionIdOf(phone),
      browser: 'Mobile Safari 17',
      os: 'iOS 17.4',
      deviceType: 'mobile',
      address: '203.0.113.0/24',
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      current: true,
    });
    expect(byId.get(sessionIdOf(desktop))).toMatchObject({
      browser: 'Firefox 125',
      os: 'Windows 10',
      deviceType: null,
      address: '2001:db8:abcd::/48',
      current: false,
    });
    // The full address is never kept nor shown.
    expect(response.body).not.toContain('203.0.113.77');
    expect(response.body).not.toContain('2001:db8:abcd:12');
    expect(byId.get(sessionIdOf(customer.token))).toMatchObject({ current: false });
  });

  it('lists only the caller’s own sessions', async () => {
    const [one, other] = [await loginAs(testApp, 'individual'), await loginAs(testApp, 'company')];
    const { sessions } = (await listSessions(one.token)).json() as { sessions: Session[] };
    expect(sessions.map((session) => session.id)).toEqual([sessionIdOf(one.token)]);
    expect(sessions.map((session) => session.id)).not.toContain(sessionIdOf(other.token));
  });

  it('needs a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/sessions/:id', () => {
  it('ends one of the caller’s sessions at once, and it leaves the list', async () => {
    const customer = await loginAs(testApp, 'individual');
    const laptop = await signInFrom(customer, DESKTOP_FIREFOX, '198.51.100.4');
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/auth/profile',
          headers: bearer(laptop),
        })
      ).statusCode,
    ).toBe(200);

    const ended = await endSession(customer.token, sessionIdOf(laptop));
    expect(ended.statusCode, ended.body).toBe(200);
    const refused = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(laptop),
    });
    expect(refused.statusCode).toBe(401);
    const { sessions } = (await listSessions(customer.token)).json() as { sessions: Session[] };
    expect(sessions.map((session) => session.id)).toEqual([sessionIdOf(customer.token)]);
    // Ended already: nothing left to end.
    expect((await endSession(customer.token, sessionIdOf(laptop))).statusCode).toBe(404);
  });

  it('answers 404 for another account’s session and leaves it standing', async () => {
    const [owner, stranger] = [await loginAs(testApp, 'company'), await loginAs(testApp, 'admin')];
    const response = await endSession(stranger.token, sessionIdOf(owner.token));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'session.not_found' });
    const still = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(owner.token),
    });
    expect(still.statusCode).toBe(200);
  });

  it('answers 400 for an id that is not one, and ends the caller’s own current session too', async () => {
    const customer = await loginAs(testApp, 'individual');
    expect((await endSession(customer.token, 'not-a-session')).statusCode).toBe(400);
    expect((await endSession(customer.token, sessionIdOf(customer.token))).statusCode).toBe(200);
    expect((await listSessions(customer.token)).statusCode).toBe(401);
  });
});
