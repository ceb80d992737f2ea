import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/server/db/schema';
import { createOrderAs, createTruckWithDriver, dispatchOrder, loginAs } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { waitUntil } from './polling';

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

describe('log modes', () => {
  it('in production with MAIL_MODE=log, logs who and what but never a reset link', async () => {
    const lines: string[] = [];
    const testApp = await buildTestApp({
      env: { NODE_ENV: 'production', MAIL_MODE: 'log', LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const person = await loginAs(testApp, 'individual');
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/forgetPassword',
        payload: { email: person.email },
      });
      expect(response.statusCode).toBe(200);
      await waitForSent(testApp, person.email, 'password-reset');
      const mailLines = lines.filter((line) => line.includes('Mail not sent (MAIL_MODE=log)'));
      expect(mailLines).toHaveLength(1);
      expect(mailLines[0]).toContain('Reset your Atlas Freight password');
      const log = lines.join('\n');
      expect(log).not.toContain('/reset-password/');
      expect(log).not.toContain(person.email);
    } finally {
      await testApp.close();
    }
  });

  it('without SMS_URL and with LOG_MESSAGE_TEXT=1, logs the SMS with the number masked but for its last two digits', async () => {
    const lines: string[] = [];
    const testApp = await buildTestApp({
      env: { LOG_LEVEL: 'info', LOG_MESSAGE_TEXT: '1' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const [admin, customer] = await Promise.all([
        loginAs(testApp, 'admin'),
        loginAs(testApp, 'company'),
      ]);
      const order = await createOrderAs(testApp, customer, { receiver_phone: '0612345678' });
      await dispatchOrder(testApp, admin, order.id, await createTruckWithDriver(testApp));
      await waitForSent(testApp, '+212612345678', 'receiver-dispatched');
      const smsLine = lines.find((line) => line.includes('SMS not sent (SMS_URL is not set)'));
      expect(JSON.parse(smsLine!)).toMatchObject({ to: '+**********78' });
      expect(smsLine).toContain(order.trackingNumber);
      expect(lines.filter((line) => line.includes('SMS not sent')).join('\n')).not.toMatch(
        /612345678|0612/,
      );
    } finally {
      await testApp.close();
    }
  });
});
