import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { individualPayload, TEST_PASSWORD } from '../api/factories';
import { waitUntil } from '../api/polling';
import { usesPostgres } from '../api/test-database-mode';
import { UNLIMITED_ATTEMPTS } from './unlimited-attempts';

/*
 * The real server (src/server/main.ts) as its own process on a database of this test file's own,
 * for the faults an in-process app cannot have: being killed, losing its database.
 */

export interface TestDatabase {
  url: string;
  /** host and port of the PostgreSQL server, for a proxy in front of it. */
  host: string;
  port: number;
  drop(): Promise<void>;
}

/** A copy of the migrated template (tests/api/global-setup.ts), as tests/api/helpers.ts makes. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = usesPostgres();
  if (!serverUrl) throw new Error('createTestDatabase needs API_TEST_DB=postgres');
  const name = `logistics_resilience_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    host: url.hostname,
    port: Number(url.port || 5432),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Milliseconds from spawning to the first healthy answer. */
  startupMs: number;
  /** What it wrote so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
  stop(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

const OUTPUT_LIMIT = 20_000;

/** Starts `src/server/main.ts` on this database and port and waits for /api/health to answer ok. */
export async function startServer(options: {
  databaseUrl: string;
  port: number;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'NODE_ENV') env[key] = value;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atlas-resilience-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...env,
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      // One process: a crash test kills it, and a cluster's workers would outlive their primary.
      WEB_CONCURRENCY: '1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'resilience-secret-that-is-long-enough-for-hs256',
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      LOG_LEVEL: 'warn',
      MAIL_MODE: '',
      SMTP_URL: '',
      SMS_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ...UNLIMITED_ATTEMPTS,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  await waitUntil(
    'the server to answer /api/health',
    async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The server stopped while starting: ${output}`);
      }
      const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
      return health?.ok ? true : undefined;
    },
    60_000,
  );
  return {
    baseUrl,
    child,
    startupMs: performance.now() - started,
    output: () => output,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A new customer account on this server, signed in: its bearer token. */
export async function signUpCustomer(baseUrl: string): Promise<string> {
  const payload = individualPayload();
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  if (registered.status !== 201) throw new Error(`register: ${await registered.text()}`);
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: payload.email, password: TEST_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login: ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}
