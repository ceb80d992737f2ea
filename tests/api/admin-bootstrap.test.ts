import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminBootstrapError,
  bootstrapAdmin,
  DEFAULT_ADMIN_EMAIL,
  GENERATED_PASSWORD_FILE,
  type AdminBootstrapConfig,
} from '../../src/server/auth/admin-bootstrap';
import { verifyPassword } from '../../src/server/auth/password-hashing';
import { users } from '../../src/server/db/schema';
import { openDatabase, type Database } from '../../src/server/db/open-database';
import { bearer, login, loginAs, TEST_PASSWORD } from './factories';
import { buildTestApp, type TestApp } from './helpers';

let testApp: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  testApp = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => logLines.push(line) },
  });
});
afterAll(() => testApp.close());

const admins = () => testApp.database.db.select().from(users).where(eq(users.role, 'ADMIN'));
const accountOf = async (db: Database, email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0];

/** A start's configuration: no admin variables and not production unless the test says so. */
const startConfig = (overrides: Partial<AdminBootstrapConfig> = {}): AdminBootstrapConfig => ({
  ADMIN_EMAIL: undefined,
  ADMIN_PASSWORD: undefined,
  DATA_DIR: testApp.config.DATA_DIR,
  isProduction: false,
  ...overrides,
});
const start = (overrides: Partial<AdminBootstrapConfig> = {}) =>
  bootstrapAdmin(testApp.database.db, startConfig(overrides), testApp.app.log);

const CUSTOMER_REFUSAL =
  'ADMIN_EMAIL names an existing customer account; it is never made an administrator. Choose another address for the administrator.';

describe('admin bootstrap at start', () => {
  it('a first start with neither variable creates admin@localhost with a password printed once', async () => {
    await start();
    const created = await admins();
    expect(created.map((u) => u.email)).toEqual([DEFAULT_ADMIN_EMAIL]);
    const line = logLines.find((l) => l.includes('Admin account created'));
    const password = line?.match(/with the password (\S+) /)?.[1];
    expect(password).toBeDefined();
    const session = await login(testApp, DEFAULT_ADMIN_EMAIL, password!);
    expect(session.user.role).toBe('ADMIN');

    // Later starts find the admin and print nothing new.
    const linesBefore = logLines.length;
    await start();
    expect(logLines.slice(linesBefore).some((l) => l.includes('Admin account created'))).toBe(
      false,
    );
    expect(await admins()).toHaveLength(1);
  });

  it('ADMIN_EMAIL and ADMIN_PASSWORD create that admin; a restart with another ADMIN_PASSWORD changes nothing', async () => {
    const config = { ADMIN_EMAIL: 'ops@atlas.test', ADMIN_PASSWORD: 'Ops@Start2026' };
    await start(config);
    expect((await login(testApp, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)).user.role).toBe(
      'ADMIN',
    );
    const before = await accountOf(testApp.database.db, config.ADMIN_EMAIL);
    await start({ ...config, ADMIN_PASSWORD: 'Ops@Changed2026' });
    expect(await accountOf(testApp.database.db, config.ADMIN_EMAIL)).toEqual(before);
    const changed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: config.ADMIN_EMAIL, password: 'Ops@Changed2026' },
    });
    expect(changed.statusCode).toBe(401);
    expect((await login(testApp, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)).user.role).toBe(
      'ADMIN',
    );
    const log = logLines.join('\n');
    expect(log).toContain('admin account created from ADMIN_EMAIL and ADMIN_PASSWORD');
    expect(log).toContain('ADMIN_PASSWORD ignored: the admin account exists');
    expect(log).not.toContain('Ops@Start2026');
    expect(log).not.toContain('Ops@Changed2026');
  });

  it('ADMIN_EMAIL alone naming an existing admin changes nothing', async () => {
    const admin = await loginAs(testApp, 'admin');
    const before = await accountOf(testApp.database.db, admin.email);
    const linesBefore = logLines.length;
    await start({ ADMIN_EMAIL: admin.email });
    expect(await accountOf(testApp.database.db, admin.email)).toEqual(before);
    expect(logLines.slice(linesBefore).join('\n')).not.toContain('Admin account created');
  });

  it("never makes a customer's address an admin: the start is refused and the customer keeps their account and sessions", async () => {
    const customer = await loginAs(testApp, 'company');
    const before = await accountOf(testApp.database.db, customer.email);
    for (const config of [
      { ADMIN_EMAIL: customer.email, ADMIN_PASSWORD: 'Taken@Over2026' },
      { ADMIN_EMAIL: customer.email },
    ]) {
      const refusal = start(config);
      await expect(refusal).rejects.toBeInstanceOf(AdminBootstrapError);
      await expect(refusal).rejects.toThrow(CUSTOMER_REFUSAL);
    }

    expect(await accountOf(testApp.database.db, customer.email)).toEqual(before);
    expect(before?.role).toBe('USER');
    const profile = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(customer.token),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const adminList = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: bearer(customer.token),
    });
    expect(adminList.statusCode).toBe(403);
    expect((await login(testApp, customer.email, TEST_PASSWORD)).user.role).toBe('USER');
    const withAdminPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: 'Taken@Over2026' },
    });
    expect(withAdminPassword.statusCode).toBe(401);
  });

  describe('in production', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'admin-password-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('puts a generated password in a 0600 file in DATA_DIR, never in the log', async () => {
      const file = path.join(dataDir, GENERATED_PASSWORD_FILE);
      // Left by an earlier start, readable by everyone: replaced, and no longer readable.
      writeFileSync(file, 'stale\n', { mode: 0o644 });
      const linesBefore = logLines.length;
      await start({ ADMIN_EMAIL: 'prod-admin@atlas.test', DATA_DIR: dataDir, isProduction: true });

      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(password).not.toBe('stale');
      expect((await login(testApp, 'prod-admin@atlas.test', password)).user.role).toBe('ADMIN');
      const log = logLines.slice(linesBefore).join('\n');
      expect(log).not.toContain(password);
      expect(log).toContain(file);
      expect(log).toContain('prod-admin@atlas.test');
      expect(log).toContain('delete that file');
    });
  });
});

describe('npm run create-admin', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'create-admin-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // The CLI works on this file's PostgreSQL database, or on an embedded one of its own.
  const cliDatabaseEnv = () =>
    testApp.databaseUrl
      ? { DATABASE_URL: testApp.databaseUrl }
      : { DATA_DIR: dataDir, DATABASE_URL: '' };
  async function withCliDatabase<T>(use: (db: Database) => Promise<T>): Promise<T> {
    if (testApp.databaseUrl) return use(testApp.database.db);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await database.migrate();
      return await use(database.db);
    } finally {
      await database.close();
    }
  }

  const runCli = (args: string[], stdin = '') =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', ...args], {
      env: { ...process.env, ...cliDatabaseEnv() },
      input: stdin,
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('refuses a password on the command line, and a common one on standard input', () => {
    const inArgv = runCli(['--email', 'cli@atlas.test', '--password', 'Cli@Admin2026']);
    expect(inArgv.status).toBe(1);
    expect(inArgv.stderr.trim()).toBe(
      '--password is refused: a password on the command line is visible to other users (ps) and kept in shell history. Leave it out and type the password at the prompt, or give it on standard input.',
    );

    const common = runCli(['--email', 'cli@atlas.test'], 'Password1!\n');
    expect(common.status).toBe(1);
    expect(common.stderr.trim()).toBe(
      'Password refused: This password is too common. Please choose a less predictable one.',
    );
  });

  // Each run opens and migrates the database: slow on a busy machine.
  it(
    "creates an admin from the password on standard input, and refuses a customer's address",
    { timeout: 120_000 },
    async () => {
      const created = runCli(['--email', 'cli@atlas.test'], 'Cli@Admin2026\n');
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
      expect(created.stdout.trim()).toBe('Admin cli@atlas.test created.');
      const admin = await withCliDatabase((db) => accountOf(db, 'cli@atlas.test'));
      expect(admin?.role).toBe('ADMIN');
      expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(admin!.passwordHash!, 'Cli@Admin2026')).toBe(true);

      const customerEmail = 'customer-first@atlas.test';
      const customer = await withCliDatabase(async (db) => {
        await db.insert(users).values({
          email: customerEmail,
          passwordHash: admin!.passwordHash,
          role: 'USER',
          userType: 'INDIVIDUAL',
        });
        return accountOf(db, customerEmail);
      });
      const refused = runCli(['--email', customerEmail], 'Taken@Over2026\n');
      expect(refused.status).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `${customerEmail} belongs to a customer account, which is never made an administrator; it was left unchanged. Choose another address for the administrator.`,
      );
      expect(await withCliDatabase((db) => accountOf(db, customerEmail))).toEqual(customer);
    },
  );
});
