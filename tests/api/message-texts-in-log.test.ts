import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/server/db/schema';
import type { AdminMessage } from '../../src/shared/schemas/message-schemas';
import { signInCodeIn } from '../support/accounts';
import { addDriver } from './driver-helpers';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  dispatchOrder,
  loginAs,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { waitUntil } from './polling';

/*
 * docs/decisions/0017-security-review.md, "Message texts": reset links and one-time codes reach
 * the log only with LOG_MESSAGE_TEXT=1 (never in production); on a local run without an SMS
 * gateway the admin's Messages screen shows the SMS texts instead.
 */

function waitForSent(testApp: TestApp, recipient: string, template: string) {
  return waitUntil(`${template} to ${recipient} sent`, async () => {
    const [row] = await testApp.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, recipient),
          eq(outboxMessages.template, template),
          eq(outboxMessages.status, 'sent'),
        ),
      );
    return row;
  });
}

async function startWith(env: Record<string, string>) {
  const lines: string[] = [];
  const testApp = await buildTestApp({
    env: { LOG_LEVEL: 'info', ...env },
    logStream: { write: (line) => void lines.push(line) },
  });
  return { testApp, lines };
}

/** A reset mail, a driver's sign-in SMS and a receiver's delivery code, each sent. */
async function sendSecrets(testApp: TestApp) {
  const [admin, customer] = await Promise.all([
    loginAs(testApp, 'admin'),
    loginAs(testApp, 'company'),
  ]);
  const forgot = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/forgetPassword',
    payload: { email: customer.email },
  });
  expect(forgot.statusCode).toBe(200);
  const driver = await addDriver(testApp, admin.token);
  const asked = await testApp.app.inject({
    method: 'POST',
    url: '/api/driver/auth/code',
    payload: { phone: driver.phone },
  });
  expect(asked.statusCode).toBe(202);
  const order = await createOrderAs(testApp, customer, { receiver_phone: '0612345679' });
  await dispatchOrder(testApp, admin, order.id, await createTruckWithDriver(testApp));
  await waitForSent(testApp, customer.email, 'password-reset');
  await waitForSent(testApp, driver.phone, 'driver-sign-in-code');
  await waitForSent(testApp, '+212612345679', 'receiver-dispatched');
  return { admin, customer, driver };
}

async function messagesTo(testApp: TestApp, admin: LoggedIn, q: string): Promise<AdminMessage[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/messages?q=${encodeURIComponent(q)}`,
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminMessage[];
}

const SECRETS_IN_LOG = [/\/reset-password\//, /sign-in code is \d{6}/, /delivery code/i];

describe('message texts', () => {
  it('stay out of the log on a local run; the Messages screen shows the SMS texts, and the code signs the driver in', async () => {
    const { testApp, lines } = await startWith({});
    try {
      const { admin, driver } = await sendSecrets(testApp);
      const log = lines.join('\n');
      for (const secret of SECRETS_IN_LOG) expect(log).not.toMatch(secret);
      expect(log).toContain('Mail not sent (SMTP_URL is not set)');
      expect(log).toContain('SMS not sent (SMS_URL is not set)');

      const [signInSms] = await messagesTo(testApp, admin, driver.phone);
      expect(signInSms!.localText).toMatch(/^Atlas Freight: your sign-in code is \d{6}\./);
      const login = await testApp.app.inject({
        method: 'POST',
        url: '/api/driver/auth/login',
        payload: { phone: driver.phone, code: signInCodeIn(signInSms!.localText!) },
      });
      expect(login.statusCode, login.body).toBe(200);

      const [receiverSms] = await messagesTo(testApp, admin, '0612345679');
      expect(receiverSms!.localText).toMatch(/\d{6}/);
      // Mail is not an SMS: its link stays out of the screen too.
      const resets = (await messagesTo(testApp, admin, '')).filter(
        (message) => message.template === 'password-reset',
      );
      expect(resets.map((message) => message.localText)).toEqual([null]);
    } finally {
      await testApp.close();
    }
  });

  it('reach the log with LOG_MESSAGE_TEXT=1', async () => {
    const { testApp, lines } = await startWith({ LOG_MESSAGE_TEXT: '1' });
    try {
      await sendSecrets(testApp);
      const log = lines.join('\n');
      expect(log).toMatch(/http:\/\/atlas\.test\/reset-password\/[\w-]+/);
      expect(log).toMatch(/sign-in code is \d{6}/);
    } finally {
      await testApp.close();
    }
  });

  it('are never kept for the screen in production', async () => {
    const { testApp, lines } = await startWith({ NODE_ENV: 'production', MAIL_MODE: 'log' });
    try {
      const { admin, driver } = await sendSecrets(testApp);
      const log = lines.join('\n');
      for (const secret of SECRETS_IN_LOG) expect(log).not.toMatch(secret);
      const [signInSms] = await messagesTo(testApp, admin, driver.phone);
      expect(signInSms!.localText).toBeNull();
    } finally {
      await testApp.close();
    }
  });
});
