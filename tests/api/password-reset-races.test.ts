import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_TOKEN_LIFETIME_MS } from '../../src/server/auth/auth-service';
import { hashPassword } from '../../src/server/auth/password-hashing';
import { passwordResetTokens } from '../../src/server/db/schema';
import { bearer, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/*
 * docs/decisions/0017-security-review.md, "Password resets": the new password is hashed before the
 * link is used up, the link is used and the password set in one transaction, and a password
 * changed from the profile voids the links still pending.
 */

const QUEUE_LIMIT = 2;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({
    env: { PASSWORD_HASH_QUEUE_LIMIT: String(QUEUE_LIMIT), RATE_LIMIT_LOGIN_PER_IP: '1000' },
  });
});
afterAll(() => testApp.close());

/** A reset link for this account, as the mail would carry it (the table keeps its SHA-256). */
async function resetLinkFor(account: LoggedIn): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await testApp.database.db.insert(passwordResetTokens).values({
    userId: account.user.id,
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

const loginStatus = async (email: string, password: string) =>
  (
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    })
  ).statusCode;

describe('resetting a password', () => {
  it('a reset turned away before its hash (service busy) leaves the link working', async () => {
    const person = await loginAs(testApp, 'individual');
    const token = await resetLinkFor(person);
    // Hashes waiting up to the queue's limit (those past it are refused): the reset's own hash
    // is refused at once.
    const storm = Promise.allSettled(
      Array.from({ length: QUEUE_LIMIT + 3 }, async (_, n) => hashPassword(`Storm@${n}x`)),
    );
    const busy = await reset(token, 'Atlas@Busy2026');
    await storm;
    expect(busy.statusCode).toBe(503);
    expect(busy.json().code).toBe('service.busy');

    const retried = await reset(token, 'Atlas@Retry2026');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await loginStatus(person.email, 'Atlas@Retry2026')).toBe(200);
  });

  it('two parallel uses of one link: exactly one succeeds, and its password is the one set', async () => {
    const person = await loginAs(testApp, 'individual');
    const token = await resetLinkFor(person);
    const passwords = ['Atlas@First2026', 'Atlas@Second2026'];
    const answers = await Promise.all(passwords.map((password) => reset(token, password)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect([...statuses].sort()).toEqual([200, 400]);
    const winner = passwords[statuses.indexOf(200)]!;
    const loser = passwords[statuses.indexOf(400)]!;
    expect(await loginStatus(person.email, winner)).toBe(200);
    expect(await loginStatus(person.email, loser)).toBe(401);
  });
});

describe('changing a password from the profile', () => {
  it('voids the reset links still pending', async () => {
    const person = await loginAs(testApp, 'company');
    const token = await resetLinkFor(person);
    const changed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(person.token),
      payload: {
        currentPassword: person.password,
        newPassword: 'Atlas@Changed2026',
        confirmPassword: 'Atlas@Changed2026',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const used = await reset(token, 'Atlas@Stolen2026');
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('auth.reset_token_invalid');
    expect(await loginStatus(person.email, 'Atlas@Changed2026')).toBe(200);
  });
});
