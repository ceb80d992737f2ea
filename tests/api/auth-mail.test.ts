import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from './smtp-catcher';

const logLines: string[] = [];
let smtp: SmtpCatcher;
let testApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  testApp = await buildTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Atlas Freight <no-reply@atlas.test>',
      LOG_LEVEL: 'info',
    },
    logStream: { write: (line) => logLines.push(line) },
  });
});

afterAll(async () => {
  await testApp.close();
  await smtp.stop();
});

async function waitForMailTo(email: string): Promise<CaughtMail> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = smtp.received.find((m) => m.to === email);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No mail reached ${email}`);
}

describe('password reset over real SMTP', () => {
  it('mails a link that sets a new password, and the new password logs in', async () => {
    const person = await loginAs(testApp, 'individual');
    const wrongLogin = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: 'Guess@2026' },
    });
    expect(wrongLogin.statusCode).toBe(401);
    const request = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgetPassword',
      payload: { email: person.email },
    });
    expect(request.statusCode).toBe(200);

    const mail = await waitForMailTo(person.email);
    expect(mail.subject).toBe('Reset your Atlas Freight password');
    expect(mail.text).toContain('expires in 1 hour');
    const link = mail.text.match(/http:\/\/atlas\.test\/reset-password\/[\w-]+/)?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);

    const token = new URL(link!).pathname.split('/').at(-1)!;
    const newPassword = 'Agadir@Mail7';
    const resetResponse = await testApp.app.inject({
      method: 'POST',
      url: `/api/auth/reset_password/${token}`,
      payload: { password: newPassword, confirmPassword: newPassword, token },
    });
    expect(resetResponse.statusCode).toBe(200);

    const loginResponse = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: newPassword },
    });
    expect(loginResponse.statusCode).toBe(200);

    // With SMTP set, no password, token or link ever reaches the log.
    const log = logLines.join('\n');
    expect(log).toContain('login succeeded');
    expect(log).toContain('login failed');
    expect(log).not.toContain(token);
    expect(log).not.toContain('reset-password/');
    expect(log).not.toContain(newPassword);
    expect(log).not.toContain('Guess@2026');
    expect(log).not.toContain(person.password);
    expect(log).not.toContain(person.token);
    expect(log).not.toContain(loginResponse.json().token);
  });
});
