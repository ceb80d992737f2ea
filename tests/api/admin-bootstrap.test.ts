import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, DEFAULT_ADMIN_EMAIL } from '../../src/server/auth/admin-bootstrap';
import { users } from '../../src/server/db/schema';
import { openDatabase } from '../../src/server/db/open-database';
import { login } from './factories';
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

describe('admin bootstrap at start', () => {
  it('a first start with neither variable creates admin@localhost with a password printed once', async () => {
    await bootstrapAdmin(testApp.database.db, {}, testApp.app.log);
    const created = await admins();
    expect(created.map((u) => u.email)).toEqual([DEFAULT_ADMIN_EMAIL]);
    const line = logLines.find((l) => l.includes('Admin account created'));
    const password = line?.match(/with the password (\S+) /)?.[1];
    expect(password).toBeDefined();
    const session = await login(testApp, DEFAULT_ADMIN_EMAIL, password!);
    expect(session.user.role).toBe('ADMIN');

    // Later starts find the admin and print nothing new.
    const linesBefore = logLines.length;
    await bootstrapAdmin(testApp.database.db, {}, testApp.app.log);
    expect(logLines.slice(linesBefore).some((l) => l.includes('Admin account created'))).toBe(
      false,
    );
    expect(await admins()).toHaveLength(1);
  });

  it('ADMIN_EMAIL and ADMIN_PASSWORD create that admin, and update it on the next start', async () => {
    const config = { ADMIN_EMAIL: 'ops@atlas.test', ADMIN_PASSWORD: 'Ops@Start2026' };
    await bootstrapAdmin(testApp.database.db, config, testApp.app.log);
    expect((await login(testApp, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)).user.role).toBe(
      'ADMIN',
    );
    await bootstrapAdmin(
      testApp.database.db,
      { ...config, ADMIN_PASSWORD: 'Ops@Changed2026' },
      testApp.app.log,
    );
    expect((await login(testApp, config.ADMIN_EMAIL, 'Ops@Changed2026')).user.role).toBe('ADMIN');
    const old = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect(logLines.join('\n')).not.toContain('Ops@Changed2026');
  });
});

describe('npm run create-admin', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'create-admin-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const runCli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  // Two CLI runs, each opening and migrating a fresh embedded database: slow on a busy machine.
  it(
    'creates an admin that can log in, and refuses a weak password',
    { timeout: 120_000 },
    async () => {
      const weak = runCli('--email', 'cli@atlas.test', '--password', 'weak');
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain('Password refused');

      const created = runCli('--email', 'cli@atlas.test', '--password', 'Cli@Admin2026');
      expect(created.stderr).toBe('');
      expect(created.stdout.trim()).toBe('Admin cli@atlas.test created.');

      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const [row] = await database.db
          .select()
          .from(users)
          .where(eq(users.email, 'cli@atlas.test'));
        expect(row?.role).toBe('ADMIN');
        expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      } finally {
        await database.close();
      }
    },
  );
});
