import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '../../src/server/config';
import { findFreePort } from '../../tests/api/free-port';
import { connectToBenchServer, createScratchDatabase } from './bench-database';
import { BENCH_PASSWORD, seedBenchData } from './seed-bench-data';
import { repositoryRoot, startServerProcess, type ServerProcess } from './server-process';

/** Both servers check the app's tokens with it. */
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
export const BENCH_ADMIN_EMAIL = 'admin@bench.ma';
/**
 * The app logs at the production default (src/server/config.ts): one line per request
 * (src/server/http/request-log.ts), so the table shows what users run.
 */
export const APP_LOG_LEVEL = 'info';
/** The hand-written ceiling logs warnings and errors only: it is what the same SQL costs bare. */
export const CEILING_LOG_LEVEL = 'warn';

/**
 * The app's entry: BENCH_APP_ENTRY when set (a `.ts` entry runs through tsx), else the production
 * build, `node --enable-source-maps dist/server/main.js`, as `npm start` runs it.
 */
export const APP_ENTRY = process.env.BENCH_APP_ENTRY ?? 'dist/server/main.js';

const nodeArgs = (entry: string) =>
  entry.endsWith('.ts') ? ['--import', 'tsx', entry] : ['--enable-source-maps', entry];

/**
 * Builds the server from the sources as they are now (scripts/build-server.mjs, a second with
 * esbuild), so that a build older than the code is never what gets measured.
 */
export function buildAppUnlessGiven(): void {
  if (process.env.BENCH_APP_ENTRY) return;
  console.log('Building the server (scripts/build-server.mjs)…');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The server build failed');
}

/**
 * Every attempt limit of the config (RATE_LIMIT_*, windows aside) out of reach: the bench sends
 * thousands of requests from one address and a few accounts, and a 429 must never pass for an
 * answer. Read from the config itself, so that a limit added later is raised too.
 */
const UNLIMITED_ATTEMPTS: Record<string, string> = Object.fromEntries(
  Object.keys(readConfig({}))
    .filter((key) => key.startsWith('RATE_LIMIT_') && !key.endsWith('_MS'))
    .map((key) => [key, '1000000000']),
);

/**
 * The app as production runs it: one process, its own port, this database. `nodeOptions` go
 * before the entry (profile-app.ts passes --cpu-prof).
 */
export async function startApp(
  databaseUrl: string,
  nodeOptions: string[] = [],
  entry: string = APP_ENTRY,
): Promise<ServerProcess> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atlas-bench-'));
  const server = await startServerProcess({
    name: 'the app',
    args: [...nodeOptions, ...nodeArgs(entry)],
    port,
    env: {
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: APP_LOG_LEVEL,
      // No mail server, SMS gateway, routing service or Redis: nothing is sent during the
      // bench, prices use the straight-line distance and attempt counters stay in process.
      MAIL_MODE: 'log',
      SMTP_URL: '',
      SMS_URL: '',
      ROUTING_URL: '',
      REDIS_URL: '',
      TRUST_PROXY: '',
      ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      // The bench signs its admin in with the password and measures the lists, not sign-in; every
      // session check still reads whether the account has a second factor, as in production.
      ADMIN_MFA: 'optional',
      ...UNLIMITED_ATTEMPTS,
      // bench:live holds BENCH_STREAMS streams open for one account.
      EVENTS_MAX_STREAMS_PER_USER: '1000000',
    },
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the app if need be, seeds `orderCount` orders in a scratch database, runs the app on it
 * (with `nodeOptions`) and hands both to `work`; then stops the app and drops the database,
 * whatever happened.
 */
export async function withSeededApp<T>(
  orderCount: number,
  nodeOptions: string[],
  work: (
    app: ServerProcess,
    seeded: Awaited<ReturnType<typeof seedBenchData>>,
    databaseUrl: string,
  ) => Promise<T>,
): Promise<T> {
  const server = await connectToBenchServer();
  buildAppUnlessGiven();
  try {
    const database = await createScratchDatabase(server);
    try {
      const seeded = await seedBenchData(database.url, orderCount);
      const app = await startApp(database.url, nodeOptions);
      try {
        return await work(app, seeded, database.url);
      } finally {
        await app.stop();
      }
    } finally {
      await database.drop();
    }
  } finally {
    await server.end();
  }
}

/** The hand-written ceiling (ceiling-server.ts) on the same database. */
export async function startCeiling(databaseUrl: string): Promise<ServerProcess> {
  return startServerProcess({
    name: 'the ceiling',
    args: nodeArgs(path.join('scripts', 'bench', 'ceiling-server.ts')),
    port: await findFreePort(),
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: CEILING_LOG_LEVEL,
    },
  });
}

/** Signs a seeded account in through a server's login route: its bearer token. */
export async function logIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) {
    throw new Error(`Logging in ${email} answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { token: string }).token;
}
