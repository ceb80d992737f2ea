import { test as base, expect, type Page } from '@playwright/test';

/**
 * A map tile (`…/{z}/{x}/{y}.png`) that could not load: the test machines are offline, and a map
 * draws its markers without tiles (docs/decisions/0009-drivers.md).
 */
const isMissingMapTile = (text: string, url: string) =>
  text.startsWith('Failed to load resource') && /\/\d+\/\d+\/\d+\.png$/.test(url);

/**
 * Adds every uncaught error and console error of `page` to `errors`: a test that opens pages of
 * its own (a customer's browser beside the admin's) watches them as it watches its own page.
 */
export function collectPageErrors(page: Page, errors: string[]) {
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (isMissingMapTile(message.text(), message.location().url)) return;
    errors.push(`console: ${message.text()}`);
  });
}

/** Every test fails on an uncaught error in the page or an error logged to the console. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      collectPageErrors(page, errors);
      await use(errors);
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
