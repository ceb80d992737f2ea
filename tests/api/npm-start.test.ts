import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreePort } from './free-port';
import { waitUntil } from './polling';
import { usesPostgres } from './test-database-mode';

/*
 * The README's contract: `npm start` on a fresh machine builds the web app, then runs the whole
 * product on the embedded database with no mail server configured. A web source newer than the
 * build makes it build again, the path a fresh clone takes.
 */
describe.skipIf(usesPostgres())('npm start', () => {
  it('builds the web app and serves it and the API, with mail in the log', async () => {
    const now = new Date();
    utimesSync('src/web/index.html', now, now);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'logistics-start-'));
    const port = await findFreePort();
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env)) {
      if (value !== undefined && key !== 'NODE_ENV') env[key] = value;
    }
    const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: {
        ...env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        MAIL_MODE: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      await waitUntil(
        `the server to answer (output so far: ${output})`,
        async () => {
          if (server.exitCode !== null) throw new Error(`npm start stopped: ${output}`);
          const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
          return health?.ok ? true : undefined;
        },
        150_000,
      );
      expect(output).toContain('Building the web app');
      const page = await fetch(`${baseUrl}/admin/messages`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
