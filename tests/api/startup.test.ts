import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/open-database';
import { users } from '../../src/server/db/schema';

const startServer = (env: Record<string, string>, timeout = 20_000) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', MAIL_MODE: '', ...env },
    encoding: 'utf8',
    timeout,
  });

describe('starting the server with bad configuration', () => {
  it('stops with one clear line and a failing exit code', () => {
    const result = startServer({ PORT: 'not-a-port' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a number');
    expect(result.stdout).toBe('');
  });

  it('refuses production without SMTP_URL unless MAIL_MODE=log says so', () => {
    const result = startServer({ NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: SMTP_URL is not set in production: set SMTP_URL to send mail, or MAIL_MODE=log to only log it',
    );
  });
});

describe('starting the server with ADMIN_EMAIL naming a customer', () => {
  // The customer's row and sessions staying as they were is tested in admin-bootstrap.test.ts;
  // this is how the refusal ends the process. Opening the embedded database is slow on a busy machine.
  it('stops with one clear line and a failing exit code', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'startup-admin-'));
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await database.migrate();
      await database.db.insert(users).values({
        email: 'first-come@atlas.test',
        passwordHash: 'not-a-real-hash',
        role: 'USER',
        userType: 'COMPANY',
      });
      await database.close();

      const result = startServer(
        { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ADMIN_EMAIL: 'first-come@atlas.test' },
        90_000,
      );
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(
        'ADMIN_EMAIL names an existing customer account; it is never made an administrator. Choose another address for the administrator.',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
