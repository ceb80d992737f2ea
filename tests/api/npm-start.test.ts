import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { findFreePort } from './free-port';
import { waitUntil } from './polling';
import { usesPostgres } from './test-database-mode';

/*
 * The README's contract: `npm start` on a fresh machine builds the web app and the server, then
 * runs the compiled server (`node dist/server/main.js`, no tsx), on the embedded database with no
 * mail server configured; with DATABASE_URL, WEB_CONCURRENCY processes share the port
 * (docs/architecture.md, "Processes and logs"). Sources newer than a build make it build again, the path
 * a fresh clone takes.
 */

const ADMIN_EMAIL = 'admin@atlas.test';
const ADMIN_PASSWORD = 'Admin@2026pass';
/** Starting may include both builds (a minute or more on a busy 2-core machine). */
const START_TIMEOUT_MS = 150_000;

interface StartedServer {
  /** The `node scripts/start.mjs` process. */
  pid: number;
  baseUrl: string;
  output(): string;
  exited: Promise<number | null>;
}

async function npmStart(env: Record<string, string>): Promise<StartedServer> {
  const port = await findFreePort();
  const inherited: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'NODE_ENV') inherited[key] = value;
  }
  const start = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...inherited,
      PORT: String(port),
      SMTP_URL: '',
      MAIL_MODE: '',
      REDIS_URL: '',
      JWT_SECRET: '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the test's clean-up reaches the server and its workers too.
    detached: true,
  });
  let output = '';
  start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: StartedServer = {
    pid: start.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited: new Promise((resolve) => start.once('exit', resolve)),
  };
  await waitUntil(
    `the server to answer (output so far: ${output})`,
    async () => {
      if (start.exitCode !== null) throw new Error(`npm start stopped: ${output}`);
      const health = await fetch(`${server.baseUrl}/api/health`).catch(() => undefined);
      return health?.ok ? true : undefined;
    },
    START_TIMEOUT_MS,
  );
  return server;
}

function killProcessGroup(server: StartedServer): void {
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {
    // Already gone: it stopped by itself.
  }
}

interface ProcessInfo {
  pid: number;
  command: string;
}

function commandOf(pid: number): string {
  return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
}

function childProcesses(pid: number): ProcessInfo[] {
  let listing: string;
  try {
    listing = execFileSync('ps', ['--ppid', String(pid), '-o', 'pid=,args='], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there is none
  }
  return listing
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [, childPid, command] = /^\s*(\d+)\s+(.*)$/.exec(line)!;
      return { pid: Number(childPid), command: command! };
    });
}

/** The compiled server under plain node: the one child of `npm start`'s launcher. */
function compiledServerOf(server: StartedServer): ProcessInfo {
  expect(commandOf(server.pid)).not.toContain('tsx');
  const children = childProcesses(server.pid);
  expect(children, JSON.stringify(children)).toHaveLength(1);
  expect(children[0]!.command).toMatch(/dist\/server\/main\.js$/);
  expect(children[0]!.command).not.toContain('tsx');
  return children[0]!;
}

/**
 * One request on a connection of its own (fetch would keep one open and so reach one process
 * only), given up after a few seconds rather than hanging the test.
 */
function requestOnNewConnection(
  url: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        timeout: 5_000,
        headers: {
          ...(options.body !== undefined && { 'content-type': 'application/json' }),
          ...(options.token && { authorization: `Bearer ${options.token}` }),
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${url}: no answer in 5 s`)));
    outgoing.on('error', reject);
    outgoing.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

async function logInAsAdmin(baseUrl: string): Promise<string> {
  const response = await requestOnNewConnection(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(response.status, response.body).toBe(200);
  return (JSON.parse(response.body) as { token: string }).token;
}

describe.skipIf(usesPostgres())('npm start', () => {
  it('builds the web app and the server, and serves both with plain node and mail in the log', async () => {
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts.start).toBe(
      'node scripts/start.mjs',
    );
    const now = new Date();
    utimesSync('src/web/index.html', now, now);
    utimesSync('src/server/main.ts', now, now);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'logistics-start-'));
    let server: StartedServer | undefined;
    try {
      server = await npmStart({ DATA_DIR: dataDir, DATABASE_URL: '', WEB_CONCURRENCY: '2' });
      expect(server.output()).toContain('Building the web app');
      expect(server.output()).toContain('Building the server');
      // The embedded database opens in one process only, whatever WEB_CONCURRENCY says.
      expect(childProcesses(compiledServerOf(server).pid)).toEqual([]);

      const page = await fetch(`${server.baseUrl}/admin/messages`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      // The password check runs on the build's own hashing worker (dist/server).
      await logInAsAdmin(server.baseUrl);

      process.kill(server.pid, 'SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      if (server) killProcessGroup(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.skipIf(!usesPostgres())('npm start with PostgreSQL and WEB_CONCURRENCY=2', () => {
  it('serves the port from two workers and replaces one that is killed', async () => {
    const serverUrl = usesPostgres()!;
    const name = `logistics_start_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'logistics-start-'));
    let server: StartedServer | undefined;
    try {
      server = await npmStart({
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.toString(),
        WEB_CONCURRENCY: '2',
        // Each request's log line names the process that answered it.
        LOG_LEVEL: 'info',
      });
      const { baseUrl } = server;
      const primary = compiledServerOf(server);
      const workers = childProcesses(primary.pid);
      expect(workers).toHaveLength(2);
      for (const worker of workers) expect(worker.command).toMatch(/dist\/server\/main\.js$/);

      // The session secret the primary wrote before forking is every worker's.
      const token = await logInAsAdmin(baseUrl);
      const answeredBy = () =>
        new Set(
          [...server!.output().matchAll(/"pid":(\d+),[^\n]*"msg":"request completed"/g)].map(
            (match) => Number(match[1]),
          ),
        );
      const askProfiles = async (count: number) => {
        for (let asked = 0; asked < count; asked += 1) {
          const response = await requestOnNewConnection(`${baseUrl}/api/auth/profile`, { token });
          expect(response.status, response.body).toBe(200);
        }
      };
      // The primary hands connections only to workers already listening: the second may still
      // be starting when the first answers its health check.
      await waitUntil('both workers to answer', async () => {
        await askProfiles(2);
        return workers.every((worker) => answeredBy().has(worker.pid)) ? true : undefined;
      });

      const [killed, survivor] = workers as [ProcessInfo, ProcessInfo];
      process.kill(killed.pid, 'SIGKILL');
      await waitUntil('the primary to see its worker die', () =>
        childProcesses(primary.pid).some((child) => child.pid === killed.pid) ? undefined : true,
      );
      await askProfiles(4);

      const replacement = await waitUntil('a worker in the place of the killed one', () => {
        const children = childProcesses(primary.pid);
        const newcomer = children.find((child) => child.pid !== survivor.pid);
        return children.length === 2 && newcomer ? newcomer : undefined;
      });
      await waitUntil(
        'the new worker to answer',
        async () => {
          await askProfiles(1);
          return answeredBy().has(replacement.pid) ? true : undefined;
        },
        20_000,
      );

      process.kill(server.pid, 'SIGTERM');
      expect(await server.exited).toBe(0);
      expect(childProcesses(primary.pid)).toEqual([]);
    } finally {
      if (server) killProcessGroup(server);
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 180_000);
});
