import { randomInt } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCity } from '../../src/shared/cities';
import { sweepEndedAttemptCounters } from '../../src/server/auth/attempt-counter-queries';
import { attemptCounters, orders, outboxMessages, users } from '../../src/server/db/schema';
import {
  bearer,
  createOrderAs,
  individualPayload,
  loginAs,
  orderPayload,
  uniqueEmail,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { usesPostgres } from './test-database-mode';

/** A client address of its own for each test, so that no two tests share a counter. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Small limits for the API under test. */
const SMALL_LIMITS = {
  RATE_LIMIT_REGISTER_PER_IP: '2',
  RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: '3',
  RATE_LIMIT_QUOTE_PER_USER: '2',
  RATE_LIMIT_QUOTE_PER_IP: '4',
  RATE_LIMIT_ORDER_PER_CUSTOMER: '2',
  RATE_LIMIT_ORDER_PER_IP: '4',
  RATE_LIMIT_TRACKING_PER_IP: '2',
};

// `limited` has the small limits; `setup`, on the same database with the test harness's generous
// ones, makes the accounts and orders the tests need without spending their counters.
let limited: TestApp;
let setup: TestApp;
beforeAll(async () => {
  limited = await buildTestApp({ env: SMALL_LIMITS });
  setup = await buildTestApp({ sameDatabaseAs: limited });
});
afterAll(async () => {
  await setup.close();
  await limited.close();
});

const register = (testApp: TestApp, email: string, remoteAddress: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: individualPayload({ email }),
    remoteAddress,
  });

const forgotPassword = (email: string, remoteAddress = freshAddress()) =>
  limited.app.inject({
    method: 'POST',
    url: '/api/auth/forgetPassword',
    payload: { email },
    remoteAddress,
  });

const casablanca = findCity('Casablanca')!;
const rabat = findCity('Rabat')!;

const quote = (who: LoggedIn, remoteAddress: string) =>
  limited.app.inject({
    method: 'POST',
    url: '/api/dashboard/distance',
    headers: bearer(who.token),
    payload: {
      origin: { lat: casablanca.lat, lng: casablanca.lng },
      destination: { lat: rabat.lat, lng: rabat.lng },
      weight: 12,
      length: 20,
      width: 15,
      height: 10,
    },
    remoteAddress,
  });

const placeOrder = (who: LoggedIn, remoteAddress: string) =>
  limited.app.inject({
    method: 'POST',
    url: '/api/dashboard/neworder',
    headers: bearer(who.token),
    payload: orderPayload(),
    remoteAddress,
  });

const track = (path: string, remoteAddress: string) =>
  limited.app.inject({ method: 'GET', url: `/api/track/${path}`, remoteAddress });

/** A 429 as every limit answers it: the catalog's message and a wait in whole seconds. */
function expectRefused(response: Awaited<ReturnType<typeof register>>): number {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
  const retryAfter = response.headers['retry-after'];
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  return Number(retryAfter);
}

async function countUsersWithEmail(testApp: TestApp, email: string) {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(users)
    .where(eq(users.email, email));
  return row!.n;
}

async function countResetMails(email: string) {
  const [row] = await limited.database.db
    .select({ n: count() })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.template, 'password-reset')));
  return row!.n;
}

describe('sign-up', () => {
  it('refuses the sign-up after the limit per address for an hour, before any account is made', async () => {
    const address = freshAddress();
    expect((await register(limited, uniqueEmail('first'), address)).statusCode).toBe(201);
    expect((await register(limited, uniqueEmail('second'), address)).statusCode).toBe(201);

    const refusedEmail = uniqueEmail('third');
    const refused = await register(limited, refusedEmail, address);
    const wait = expectRefused(refused);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.json()).toMatchObject({
      code: 'rate_limit.wait_minutes',
      message: 'Too many attempts. Please wait 60 minutes and try again.',
    });
    expect(await countUsersWithEmail(limited, refusedEmail)).toBe(0);

    // Another address still signs up.
    expect((await register(limited, refusedEmail, freshAddress())).statusCode).toBe(201);
  });

  it('tells an hour-long wait in French and Arabic too', async () => {
    const address = freshAddress();
    for (let i = 0; i < 2; i += 1) await register(limited, uniqueEmail('lang'), address);
    const inLanguage = (language: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'accept-language': language },
        payload: individualPayload(),
        remoteAddress: address,
      });
    expect((await inLanguage('fr')).json().message).toBe(
      'Trop de tentatives. Veuillez patienter 60 minutes, puis réessayer.',
    );
    expect((await inLanguage('ar')).json().message).toBe(
      'محاولات كثيرة جدًا. يرجى الانتظار ثم المحاولة مرة أخرى (مدة الانتظار بالدقائق: 60).',
    );
  });
});

describe('IPv6 clients', () => {
  it('count by their /64: addresses of one network share the count, another network has its own', async () => {
    const [high, low] = [randomInt(0x10000), randomInt(0x10000)];
    const network = `2001:db8:${high.toString(16)}:${low.toString(16)}`;
    const neighbour = `2001:db8:${high.toString(16)}:${((low + 1) % 0x10000).toString(16)}`;
    expect((await register(limited, uniqueEmail('v6'), `${network}::1`)).statusCode).toBe(201);
    expect((await register(limited, uniqueEmail('v6'), `${network}:0:0:0:2`)).statusCode).toBe(201);
    expectRefused(await register(limited, uniqueEmail('v6'), `${network}:ffff:ab:12:3`));
    expect((await register(limited, uniqueEmail('v6'), `${neighbour}::1`)).statusCode).toBe(201);
  });

  it('an IPv4-mapped address counts as its IPv4 address', async () => {
    const address = freshAddress();
    expect((await register(limited, uniqueEmail('mapped'), address)).statusCode).toBe(201);
    expect((await register(limited, uniqueEmail('mapped'), `::ffff:${address}`)).statusCode).toBe(
      201,
    );
    expectRefused(await register(limited, uniqueEmail('mapped'), address));
  });
});

describe('forgot password', () => {
  it('mails one address at most 3 times an hour, whatever address asks; other emails still get theirs', async () => {
    const target = await loginAs(setup, 'individual');
    for (let i = 0; i < 3; i += 1) {
      expect((await forgotPassword(target.email)).statusCode).toBe(200);
    }
    const refused = await forgotPassword(target.email.toUpperCase());
    const wait = expectRefused(refused);
    expect(wait).toBeGreaterThan(3500);
    expect(await countResetMails(target.email)).toBe(3);

    const other = await loginAs(setup, 'company');
    expect((await forgotPassword(other.email)).statusCode).toBe(200);
    expect(await countResetMails(other.email)).toBe(1);
  });

  it('limits an unknown email the same way, so a refusal tells nothing about accounts', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 3; i += 1) expect((await forgotPassword(ghost)).statusCode).toBe(200);
    expectRefused(await forgotPassword(ghost));
  });
});

describe('price quotes', () => {
  it('are limited per account, and per address across accounts', async () => {
    const [first, second] = await Promise.all([
      loginAs(setup, 'company'),
      loginAs(setup, 'individual'),
    ]);
    const address = freshAddress();
    expect((await quote(first, address)).statusCode).toBe(200);
    expect((await quote(first, address)).statusCode).toBe(200);
    expectRefused(await quote(first, address));
    // Another account: its own count, until the address has had its 4.
    expect((await quote(second, address)).statusCode).toBe(200);
    expectRefused(await quote(second, address));
    // A refused attempt counts too: from anywhere, the second account has used its 2.
    expectRefused(await quote(second, freshAddress()));
  });
});

describe('order placement', () => {
  it('is limited per customer, and per address across customers; a refused order is not stored', async () => {
    const [first, second] = await Promise.all([
      loginAs(setup, 'company'),
      loginAs(setup, 'individual'),
    ]);
    const address = freshAddress();
    expect((await placeOrder(first, address)).statusCode).toBe(201);
    expect((await placeOrder(first, address)).statusCode).toBe(201);
    const wait = expectRefused(await placeOrder(first, address));
    expect(wait).toBeGreaterThan(3500);
    const [stored] = await limited.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.userId, first.user.id));
    expect(stored!.n).toBe(2);

    // Another customer: its own count, until the address has had its 4.
    expect((await placeOrder(second, address)).statusCode).toBe(201);
    expectRefused(await placeOrder(second, address));
    const third = await loginAs(setup, 'company');
    expect((await placeOrder(third, freshAddress())).statusCode).toBe(201);
  });
});

describe('public tracking', () => {
  it('limits lookups per address, found or not', async () => {
    const customer = await loginAs(setup, 'individual');
    const { trackingNumber } = await createOrderAs(setup, customer);
    const address = freshAddress();
    expect((await track(trackingNumber, address)).statusCode).toBe(200);
    expect((await track('MA-NONE-0000', address)).statusCode).toBe(404);
    expectRefused(await track(trackingNumber, address));
    expect((await track(trackingNumber, freshAddress())).statusCode).toBe(200);
  });

  it('limits opening the event stream per address, on a counter of its own', async () => {
    const address = freshAddress();
    for (let i = 0; i < 2; i += 1) {
      expect((await track('MA-NONE-0000', address)).statusCode).toBe(404);
    }
    expectRefused(await track('MA-NONE-0000', address));
    // The lookups' counter is used up; the stream's is not.
    expect((await track('MA-NONE-0000/events', address)).statusCode).toBe(404);
    expect((await track('MA-NONE-0000/events', address)).statusCode).toBe(404);
    expectRefused(await track('MA-NONE-0000/events', address));
  });
});

describe('client addresses (TRUST_PROXY)', () => {
  const loginFrom = (
    testApp: TestApp,
    remoteAddress: string,
    forwardedFor?: string,
    email = uniqueEmail('guess'),
  ) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email, password: 'Wrong@2026' },
      remoteAddress,
    });

  /**
   * An instance over the same database with 3 login attempts per address. On PostgreSQL the
   * instances share their counters, so each test forwards addresses of its own.
   */
  const withTrustProxy = (trustProxy?: string) =>
    buildTestApp({
      sameDatabaseAs: limited,
      env: {
        RATE_LIMIT_LOGIN_PER_IP: '3',
        ...(trustProxy !== undefined && { TRUST_PROXY: trustProxy }),
      },
    });

  it('by default, a rotating X-Forwarded-For does not dodge the limit: the socket address counts', async () => {
    const testApp = await withTrustProxy();
    try {
      const statuses = [];
      for (let i = 1; i <= 3; i += 1) {
        statuses.push((await loginFrom(testApp, '192.0.2.7', `203.0.113.${i}`)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401]);
      expectRefused(await loginFrom(testApp, '192.0.2.7', '203.0.113.4'));
      expect((await loginFrom(testApp, '192.0.2.8', '203.0.113.4')).statusCode).toBe(401);
    } finally {
      await testApp.close();
    }
  });

  it("with the load balancer's address trusted, each forwarded address has its own count", async () => {
    const testApp = await withTrustProxy('10.0.0.5');
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await loginFrom(testApp, '10.0.0.5', '203.0.113.1')).statusCode).toBe(401);
      }
      expectRefused(await loginFrom(testApp, '10.0.0.5', '203.0.113.1'));
      // Same proxy, another client.
      expect((await loginFrom(testApp, '10.0.0.5', '203.0.113.2')).statusCode).toBe(401);
    } finally {
      await testApp.close();
    }
  });

  it('with a list of proxies, only those peers may forward an address', async () => {
    const testApp = await withTrustProxy('10.0.0.0/8, 192.168.1.1');
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await loginFrom(testApp, '10.0.0.5', '203.0.113.31')).statusCode).toBe(401);
      }
      expectRefused(await loginFrom(testApp, '10.0.0.5', '203.0.113.31'));
      expect((await loginFrom(testApp, '192.168.1.1', '203.0.113.32')).statusCode).toBe(401);

      // An untrusted peer's header is ignored: its rotating addresses all count on the peer.
      for (let i = 10; i < 13; i += 1) {
        expect((await loginFrom(testApp, '198.51.100.9', `203.0.113.${i}`)).statusCode).toBe(401);
      }
      expectRefused(await loginFrom(testApp, '198.51.100.9', '203.0.113.13'));
    } finally {
      await testApp.close();
    }
  });
});

/** Skipped on PGlite: the embedded database has one process, whose counters stay in its memory. */
describe.runIf(usesPostgres())('on PostgreSQL without REDIS_URL', () => {
  it('two instances together refuse at the limit: the counters are shared through the database', async () => {
    const first = await buildTestApp({ env: SMALL_LIMITS, sameDatabaseAs: limited });
    const second = await buildTestApp({ env: SMALL_LIMITS, sameDatabaseAs: limited });
    try {
      const address = freshAddress();
      expect((await register(first, uniqueEmail('shared'), address)).statusCode).toBe(201);
      expect((await register(second, uniqueEmail('shared'), address)).statusCode).toBe(201);
      const refusedEmail = uniqueEmail('shared');
      expectRefused(await register(first, refusedEmail, address));
      expectRefused(await register(second, refusedEmail, address));
      expect(await countUsersWithEmail(limited, refusedEmail)).toBe(0);

      // Parallel tries over both instances: never more than the limit gets through.
      const other = freshAddress();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          register(n % 2 === 0 ? first : second, uniqueEmail('burst'), other),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([201, 201, 429, 429, 429, 429, 429, 429]);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('forgets the counters of ended windows', async () => {
    await limited.database.db.insert(attemptCounters).values({
      key: 'test:ended-window',
      windowStart: new Date(Date.now() - 7_200_000),
      hits: 3,
      expiresAt: new Date(Date.now() - 3_600_000),
    });
    await sweepEndedAttemptCounters(limited.database.db);
    const left = await limited.database.db
      .select()
      .from(attemptCounters)
      .where(eq(attemptCounters.key, 'test:ended-window'));
    expect(left).toEqual([]);
  });
});

/** Runs where a Redis server is named (CI sets TEST_REDIS_URL); counters outlive the run there. */
describe.runIf(process.env.TEST_REDIS_URL)('with REDIS_URL', () => {
  it('two instances share the sign-up and the hourly reset-mail counts', async () => {
    const env = { ...SMALL_LIMITS, REDIS_URL: process.env.TEST_REDIS_URL! };
    const first = await buildTestApp({ env, sameDatabaseAs: limited });
    const second = await buildTestApp({ env, sameDatabaseAs: limited });
    try {
      const address = freshAddress();
      expect((await register(first, uniqueEmail('shared'), address)).statusCode).toBe(201);
      expect((await register(second, uniqueEmail('shared'), address)).statusCode).toBe(201);
      const refusedEmail = uniqueEmail('shared');
      expectRefused(await register(first, refusedEmail, address));
      expectRefused(await register(second, refusedEmail, address));
      expect(await countUsersWithEmail(limited, refusedEmail)).toBe(0);

      const target = await loginAs(setup, 'individual');
      const forgotOn = (instance: TestApp) =>
        instance.app.inject({
          method: 'POST',
          url: '/api/auth/forgetPassword',
          payload: { email: target.email },
          remoteAddress: freshAddress(),
        });
      for (const instance of [first, second, first]) {
        expect((await forgotOn(instance)).statusCode).toBe(200);
      }
      expectRefused(await forgotOn(second));
      expect(await countResetMails(target.email)).toBe(3);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
