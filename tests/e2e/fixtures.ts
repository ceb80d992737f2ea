import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { TEST_PASSWORD } from '../support/accounts';
import {
  addDriverThroughApi,
  adminCredentials,
  logInThroughApi,
  logOutThroughApi,
  registerCompanyThroughApi,
  registerIndividualThroughApi,
  signInDriverThroughApi,
  type ApiSession,
  uniqueEmail,
  type TestDriver,
} from './support/app-api';
import { claimAdminSession } from './support/admin-sessions';

/**
 * The e2e tests' fixtures. Every test fails on an error in its pages; and every account and
 * session a test uses is its own, made through the API (the login screen is for the tests of
 * that screen): `customer`, `admin` and `driver` give one signed in on the test's `page`,
 * `accounts` makes more. After the test, every session it opened is ended on the server and every
 * browser it opened is closed, so a test that logs out, changes a password or signs out other
 * devices can only ever end sessions of its own.
 *
 * There is one administrator account (the global setup's ADMIN_EMAIL), with a second factor: a
 * test gets a session of its own on it (support/admin-sessions.ts) and must never change its
 * password, turn its second factor off or sign out its other devices.
 */

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

/**
 * Keeps the session in `page` as the login screen does (localStorage `token`, `user`, `id`), from
 * its next navigation on. Once per tab: a test that logs out is not signed in again by the next
 * page load, and a second session given to the same page takes over from the first.
 */
export async function showSignedIn(page: Page, session: ApiSession) {
  await page.addInitScript(
    ([token, user]) => {
      try {
        const seeded = `e2e-seeded:${token}`;
        if (window.sessionStorage.getItem(seeded)) return;
        window.sessionStorage.setItem(seeded, 'yes');
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user', user);
        window.localStorage.setItem('id', JSON.parse(user).id);
      } catch {
        // about:blank has no storage; the next page of the app gets the session.
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

/** A customer of the test's own, signed in through the API. */
export interface CustomerAccount extends ApiSession {
  email: string;
  password: string;
}

/** A customer with a browser page of their own, signed in there. */
export interface CustomerInBrowser extends CustomerAccount {
  page: Page;
}

/** A session of the test's own on the administrator's account. */
export interface AdminSession extends ApiSession {
  email: string;
}

/** A driver of the test's own (added with their truck by an admin), signed in. */
export type DriverAccount = TestDriver & ApiSession;

/** Makes the accounts and sessions of one test; ends them all after it. */
export interface Accounts {
  /** A new company (or individual) customer, signed in through the API. */
  customer(options?: {
    prefix?: string;
    /** Instead of a unique address made from `prefix`. */
    email?: string;
    kind?: 'company' | 'individual';
  }): Promise<CustomerAccount>;
  /** A new company customer signed in on a browser page of their own, beside the test's page. */
  customerInBrowser(prefix?: string): Promise<CustomerInBrowser>;
  /** A new session on the administrator's account. */
  admin(): Promise<AdminSession>;
  /** A new driver with an available truck, added through `adminToken`; not signed in. */
  driver(adminToken: string, driverName?: string): Promise<TestDriver>;
  /** Signs the driver in through the API with the code from their SMS. */
  signInDriver(phone: string): Promise<ApiSession>;
}

function createAccounts(request: APIRequestContext, browser: Browser) {
  const tokens: string[] = [];
  const contexts: BrowserContext[] = [];
  const kept = <T extends ApiSession>(session: T) => {
    tokens.push(session.token);
    return session;
  };

  const accounts: Accounts = {
    async customer({ prefix = 'customer', email = uniqueEmail(prefix), kind = 'company' } = {}) {
      if (kind === 'company') await registerCompanyThroughApi(request, email);
      else await registerIndividualThroughApi(request, email);
      const session = await logInThroughApi(request, email);
      return kept({ ...session, email, password: TEST_PASSWORD });
    },
    async customerInBrowser(prefix) {
      const customer = await accounts.customer({ prefix });
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await showSignedIn(page, customer);
      return { ...customer, page };
    },
    // The administrator has a second factor: its sessions come from the global setup's pool.
    async admin() {
      return kept({ ...claimAdminSession(), email: adminCredentials().email });
    },
    driver: (adminToken, driverName) => addDriverThroughApi(request, adminToken, driverName),
    signInDriver: async (phone) => kept(await signInDriverThroughApi(request, phone)),
  };

  /**
   * Pages first, then the sessions: a page still open when its session ends makes one more
   * request (a list's refetch, the event stream's reconnect), gets 401 and goes to the sign-in
   * screen while it is being torn down: a console error charged to the test, or a context that
   * never finishes closing.
   */
  async function endAll(testPage: Page) {
    await Promise.all([testPage.close(), ...contexts.map((context) => context.close())]);
    for (const token of tokens) await logOutThroughApi(request, token);
  }

  return { accounts, endAll };
}

interface Fixtures {
  /** Every uncaught error and console error of the test's page; the test fails on any. */
  pageErrors: string[];
  accounts: Accounts;
  /** A new company customer, signed in on `page`. */
  customer: CustomerAccount;
  /** A session of the test's own on the administrator's account, signed in on `page`. */
  admin: AdminSession;
  /** A new driver with an available truck, signed in on `page`. */
  driver: DriverAccount;
}

export const test = base.extend<Fixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      collectPageErrors(page, errors);
      await use(errors);
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  // Through the page's own requests: they carry its browser's language, which a new account
  // takes as its own (docs/decisions/0010-languages.md).
  accounts: async ({ page, browser }, use) => {
    const { accounts, endAll } = createAccounts(page.request, browser);
    await use(accounts);
    await endAll(page);
  },
  customer: async ({ accounts, page }, use) => {
    const customer = await accounts.customer();
    await showSignedIn(page, customer);
    await use(customer);
  },
  admin: async ({ accounts, page }, use) => {
    const admin = await accounts.admin();
    await showSignedIn(page, admin);
    await use(admin);
  },
  driver: async ({ accounts, page }, use) => {
    const { token: adminToken } = await accounts.admin();
    const driver = await accounts.driver(adminToken);
    const session = await accounts.signInDriver(driver.phone);
    await showSignedIn(page, session);
    await use({ ...driver, ...session });
  },
});

export { expect };
