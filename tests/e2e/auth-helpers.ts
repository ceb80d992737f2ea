import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** A password that meets the registration rule of docs/product.md, section 5. */
export const strongPassword = 'Secret@2026a';

let counter = 0;
/** An address no other test (or earlier run against the same data) uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@atlas.test`;
}

export function adminCredentials() {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD are not set');
  return { email, password };
}

/** Creates a company customer through the API, for tests that are not about registration. */
export async function registerCompanyThroughApi(
  request: APIRequestContext,
  email: string,
  password = strongPassword,
) {
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      password,
      userType: 'Company',
      company: {
        companyName: 'Souss Logistics',
        phone: '+212612345678',
        address: '12 Avenue Hassan II, Agadir',
        rc: 'RC-55821',
        nIf: 'IF-40012',
        responsableName: 'Amina Idrissi',
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Logs in through the login form. */
export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Accepts every window.alert and keeps its text. */
export function collectAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

export async function readSession(page: Page) {
  return page.evaluate(() => ({
    token: window.localStorage.getItem('token'),
    user: window.localStorage.getItem('user'),
    id: window.localStorage.getItem('id'),
  }));
}

/**
 * Chromium logs every 4xx answer as a console error even when the page handles it. A test that
 * provokes one on purpose checks that exactly that error was logged and takes it out of the
 * list the fixture checks; any other error still fails the test.
 */
export async function expectHandledHttpError(pageErrors: string[], status: number) {
  const expected = `the server responded with a status of ${status}`;
  await expect.poll(() => pageErrors.some((error) => error.includes(expected))).toBe(true);
  for (let index = pageErrors.length - 1; index >= 0; index -= 1) {
    if (pageErrors[index]!.includes(expected)) pageErrors.splice(index, 1);
  }
}

interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The newest message the mail catcher saved for this address. */
export async function waitForMail(to: string): Promise<CaughtMail> {
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!mailDir) throw new Error('E2E_MAIL_DIR is not set');
  const find = () =>
    readdirSync(mailDir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .flatMap((file) => {
        try {
          return [JSON.parse(readFileSync(path.join(mailDir, file), 'utf8')) as CaughtMail];
        } catch {
          return []; // still being written
        }
      })
      .filter((mail) => mail.to?.includes(to))
      .at(-1);
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  return find()!;
}
