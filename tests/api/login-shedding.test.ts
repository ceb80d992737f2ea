/**
 * A storm of sign-ins is shed, not queued without end (docs/decisions/0012-speed-at-scale.md,
 * "Logins never block"): past PASSWORD_HASH_QUEUE_LIMIT hashes waiting for the hashing thread, a
 * request that needs one is answered 503 at once, with Retry-After and its message in the
 * caller's language; the others are answered as usual, and sign-in works again once the storm
 * has passed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

const QUEUE_LIMIT = 2;
const STORM = 24;

describe('a storm of sign-ins', () => {
  let testApp: TestApp;
  let customer: LoggedIn;

  beforeAll(async () => {
    testApp = await buildTestApp({
      env: { PASSWORD_HASH_QUEUE_LIMIT: String(QUEUE_LIMIT), RATE_LIMIT_LOGIN_PER_IP: '1000' },
    });
    customer = await loginAs(testApp, 'company');
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const logIn = (email: string, language = 'en', password = TEST_PASSWORD) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': language },
      payload: { email, password },
    });

  it('answers 503 with Retry-After past the queue, and the rest as usual', async () => {
    const answers = await Promise.all(
      Array.from({ length: STORM }, (_, n) =>
        logIn(`storm${n}@example.ma`, n % 2 === 0 ? 'en' : 'fr'),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // Unknown accounts: 401 once their (decoy) hash ran, 503 when no room was left to wait.
    expect(new Set(statuses)).toEqual(new Set([401, 503]));
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(QUEUE_LIMIT);
    for (const [n, answer] of answers.entries()) {
      if (answer.statusCode !== 503) continue;
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({
        code: 'service.busy',
        message:
          n % 2 === 0
            ? 'The service is busy. Please try again in a few seconds.'
            : 'Le service est très sollicité. Veuillez réessayer dans quelques secondes.',
      });
    }
  });

  it('signs in once the storm has passed', async () => {
    const answer = await logIn(customer.email, 'en', customer.password);
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
