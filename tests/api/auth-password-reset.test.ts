import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_TOKEN_LIFETIME_MS } from '../../src/server/auth/auth-service';
import { outboxMessages, passwordResetTokens } from '../../src/server/db/schema';
import { bearer, loginAs, TEST_PASSWORD } from './factories';
import { buildTestApp, createTestClock, type TestApp } from './helpers';
import { waitUntil } from './polling';

const clock = createTestClock();
const logLines: string[] = [];
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({
    clock,
    // LOG_MESSAGE_TEXT=1: a mail not sent is logged with its text, the reset link included.
    env: { LOG_LEVEL: 'info', LOG_MESSAGE_TEXT: '1' },
    logStream: { write: (line) => logLines.push(line) },
  });
});
afterAll(() => testApp.close());

const NEW_PASSWORD = 'Atlas@Reset9';

const forgot = (email: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/forgetPassword', payload: { email } });

const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/auth/reset_password/${token}`,
    payload: { password, confirmPassword, token },
  });

const loginStatus = async (email: string, password: string) =>
  (
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    })
  ).statusCode;

/**
 * Without SMTP_URL and with LOG_MESSAGE_TEXT=1 the outbox worker writes each mail to the log (a
 * local run's convenience): the newest link mailed to this address is read from there.
 */
async function readResetToken(email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const tokens = logLines
      .map((line) => JSON.parse(line) as { to?: string; msg: string })
      .filter((entry) => entry.to === email)
      .map((entry) => entry.msg.match(/http:\/\/atlas\.test\/reset-password\/([\w-]+)/)?.[1])
      .filter((token): token is string => token !== undefined);
    if (tokens.length > 0) return tokens.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No reset mail for ${email}`);
}

describe('password reset', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const person = await loginAs(testApp, 'individual');
    const known = await forgot(person.email);
    const unknown = await forgot('ghost@example.ma');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toContain('password reset link');
    await readResetToken(person.email);
    const ghostMail = await testApp.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'ghost@example.ma'));
    expect(ghostMail).toHaveLength(0);
    // The log line is written while sending, a moment before the row is marked sent.
    const sent = await waitUntil('the reset mail marked sent', async () => {
      const [row] = await testApp.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, person.email), eq(outboxMessages.status, 'sent')));
      return row;
    });
    // Once sent, the one-time link is not kept in the database.
    expect(sent).toMatchObject({ template: 'password-reset', params: {} });
  });

  it('stores only a hash of the token, valid for one hour', async () => {
    const person = await loginAs(testApp, 'individual');
    await forgot(person.email);
    const token = await readResetToken(person.email);
    const [row] = await testApp.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, person.user.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(RESET_TOKEN_LIFETIME_MS);
  });

  it('sets the new password, revokes the other sessions, and works only once', async () => {
    const person = await loginAs(testApp, 'company');
    await forgot(person.email);
    const token = await readResetToken(person.email);

    const first = await reset(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Your password has been reset. You can now log in.' });

    expect(await loginStatus(person.email, TEST_PASSWORD)).toBe(401);
    expect(await loginStatus(person.email, NEW_PASSWORD)).toBe(200);
    const oldSession = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(person.token),
    });
    expect(oldSession.statusCode).toBe(401);

    const second = await reset(token, 'Another@Pass1');
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toMatch(/token/);
    expect(await loginStatus(person.email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a token older than one hour, with a message that mentions the token', async () => {
    const person = await loginAs(testApp, 'individual');
    await forgot(person.email);
    const token = await readResetToken(person.email);
    clock.advance(RESET_TOKEN_LIFETIME_MS + 1000);
    const response = await reset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'auth.reset_token_invalid',
      message: 'This password reset token is invalid or has expired',
    });
    expect(await loginStatus(person.email, TEST_PASSWORD)).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const response = await reset('made-up-token');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/token/);
  });

  it('a newer reset makes older links stop working', async () => {
    const person = await loginAs(testApp, 'individual');
    await forgot(person.email);
    const older = await readResetToken(person.email);
    clock.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await forgot(person.email);
    let newer = await readResetToken(person.email);
    for (let attempt = 0; newer === older && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      newer = await readResetToken(person.email);
    }
    expect(newer).not.toBe(older);
    expect((await reset(newer)).statusCode).toBe(200);
    expect((await reset(older, 'Older@Link1')).statusCode).toBe(400);
  });

  it.each([
    [
      'Short1!',
      'Short1!',
      'password',
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
    ['abc', 'abc', 'password', 'Password is too short'],
    ['Atlas@Reset9', 'Atlas@Reset8', 'confirmPassword', 'Passwords must match'],
    ['', '', 'password', 'Password is required'],
  ])(
    'validates %s / %s with the field message',
    async (password, confirmPassword, field, message) => {
      const response = await reset('any-token', password, confirmPassword);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    },
  );

  it('validates the forgot-password email', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.email).toBe('Please enter a valid email');
  });
});
