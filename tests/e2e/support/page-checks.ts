import { expect, type Page } from '@playwright/test';
import { signInCodeIn } from '../../support/accounts';
import { claimAdminRecoveryCode } from './admin-sessions';
import { adminCredentials } from './app-api';
import { nextSmsTo } from './catchers';

/** What the specs do on a page again and again: the sign-in forms, searches and checks. */

/** Logs in through the login form (the tests of that screen; others sign in by fixture). */
export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs the run's administrator in on /login: the password, then the code step with a recovery
 * code no other test used (a code of the app would collide with other workers' in its step).
 */
export async function logInAdminThroughForm(page: Page): Promise<void> {
  const { email, password } = adminCredentials();
  await logInThroughForm(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(claimAdminRecoveryCode());
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs the driver in on /driver/login with the code from their SMS; lands on /driver. */
export async function signInDriverThroughForm(page: Page, phone: string): Promise<void> {
  await page.goto('/driver/login');
  await page.getByLabel('Phone number').fill(phone);
  const text = await nextSmsTo(phone, () =>
    page.getByRole('button', { name: 'Send me a code' }).click(),
  );
  await page.getByLabel('Sign-in code').fill(signInCodeIn(text));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/driver$/);
}

/** The session as the app keeps it in localStorage (docs/product.md, section 6). */
export async function readSession(page: Page) {
  return page.evaluate(() => ({
    token: window.localStorage.getItem('token'),
    user: window.localStorage.getItem('user'),
    id: window.localStorage.getItem('id'),
  }));
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

/**
 * Chromium logs every failed request as a console error, even one the page handles. A test that
 * provokes one on purpose checks that such an error was logged and takes those out of the list
 * the pageErrors fixture checks; any other error still fails the test.
 */
async function takeOutHandledErrors(pageErrors: string[], handled: (error: string) => boolean) {
  await expect.poll(() => pageErrors.some(handled)).toBe(true);
  for (let index = pageErrors.length - 1; index >= 0; index -= 1) {
    if (handled(pageErrors[index]!)) pageErrors.splice(index, 1);
  }
}

/** The console errors matching `pattern` were logged, and are taken out of the fixture's list. */
export const expectHandledConsoleError = (pageErrors: string[], pattern: RegExp) =>
  takeOutHandledErrors(pageErrors, (error) => pattern.test(error));

/** The 4xx or 5xx answer `status` was logged, and is taken out of the fixture's list. */
export const expectHandledHttpError = (pageErrors: string[], status: number) =>
  takeOutHandledErrors(pageErrors, (error) =>
    error.includes(`the server responded with a status of ${status}`),
  );

/** Types into the list's search box and waits for the answer to that search. */
export async function searchList(page: Page, text: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/admin/') &&
      new URL(response.url()).searchParams.get('q') === text,
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await answered;
}

/** A text that no order, user, truck or payment matches. */
export const nothingMatches = () => `zq${Date.now().toString(36)}nomatch`;

/** Fails when the page is wider than the viewport, i.e. something scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(clientWidth);
}

/** Picks `city` from the wizard's city box `label` after typing `typed`. */
export async function chooseCity(page: Page, label: string, typed: string, city: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${city}\\b`) }).click();
  await expect(box).toHaveValue(city);
}
