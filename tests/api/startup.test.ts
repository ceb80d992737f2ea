import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const startServer = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', MAIL_MODE: '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
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
