import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  // Low limits from configuration, for this file only: every test comes from 127.0.0.1.
  testApp = await buildTestApp({
    env: { RATE_LIMIT_LOGIN_PER_EMAIL: '3', RATE_LIMIT_LOGIN_PER_IP: '8' },
  });
});
afterAll(() => testApp.close());

const attempt = (url: string, email: string, ip = '127.0.0.1') =>
  testApp.app.inject({
    method: 'POST',
    url,
    payload: url.endsWith('login') ? { email, password: 'Wrong@2026' } : { email },
    remoteAddress: ip,
  });

describe('rate limits on login and forgot password', () => {
  it('per email: the attempt after the limit gets 429 with a clear message and Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (await attempt('/api/auth/login', 'target@example.ma', `10.0.0.${i}`)).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await attempt('/api/auth/login', 'TARGET@example.ma', '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same addresses is not affected.
    expect((await attempt('/api/auth/login', 'other@example.ma', '10.0.0.9')).statusCode).toBe(401);
  });

  it('per address: many emails from one address are stopped too', async () => {
    const statuses = [];
    for (let i = 0; i < 9; i += 1) {
      statuses.push(
        (await attempt('/api/auth/forgetPassword', `user${i}@example.ma`, '10.9.9.9')).statusCode,
      );
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses[8]).toBe(429);
    expect(
      (await attempt('/api/auth/forgetPassword', 'user0@example.ma', '10.9.9.10')).statusCode,
    ).toBe(200);
  });
});

/** Runs where a Redis server is named (CI sets TEST_REDIS_URL). */
describe.runIf(process.env.TEST_REDIS_URL)('with REDIS_URL', () => {
  it('two instances share one count per email', async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL!,
      RATE_LIMIT_LOGIN_PER_EMAIL: '2',
      RATE_LIMIT_LOGIN_PER_IP: '100',
    };
    const first = await buildTestApp({ env });
    const second = await buildTestApp({ env, sameDatabaseAs: first });
    try {
      const email = `shared-${Date.now()}@example.ma`;
      const tryOn = (instance: TestApp) =>
        instance.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'Wrong@2026' },
        });
      expect((await tryOn(first)).statusCode).toBe(401);
      expect((await tryOn(second)).statusCode).toBe(401);
      expect((await tryOn(first)).statusCode).toBe(429);
      expect((await tryOn(second)).statusCode).toBe(429);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
