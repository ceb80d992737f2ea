import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../../src/server/app';
import { readConfig, type AppConfig } from '../../src/server/config';
import {
  openDatabase,
  type DatabaseTimeouts,
  type OpenDatabase,
} from '../../src/server/db/open-database';
import type { ZodApp } from '../../src/server/http/zod-app';
import { usesPostgres } from './test-database-mode';

export interface TestApp {
  app: ZodApp;
  database: OpenDatabase;
  /** On PostgreSQL, the URL of this test file's database (a second pool can connect to it). */
  databaseUrl?: string;
  config: AppConfig;
  /** The app's clock: the test's clock when it gave one (second-factor codes are computed at it). */
  now(): Date;
  close(): Promise<void>;
}

/** A database of this test file's own: in-memory PGlite, or a copy of the migrated template. */
async function openTestDatabase(
  timeouts: DatabaseTimeouts,
  routeUrl: (databaseUrl: string) => string = (databaseUrl) => databaseUrl,
): Promise<{
  database: OpenDatabase;
  url?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = usesPostgres();
  if (!serverUrl) {
    const templateFile = inject('pgliteTemplateFile');
    const database = await openDatabase({
      kind: 'pglite',
      startFrom: templateFile ? new Blob([readFileSync(templateFile)]) : undefined,
    });
    // Already migrated when started from the template: then this only reads the journal.
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `logistics_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(
    { kind: 'postgres', url: routeUrl(url.toString()) },
    timeouts,
  );
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A clock the test moves by hand, for expiry rules. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: TestClock;
  /** False: no outbox worker in this instance (a test drives its own). */
  runOutboxWorker?: boolean;
  eventHeartbeatMs?: number;
  logStream?: AppDeps['logStream'];
  /** Another instance of the API over the same database (as behind a load balancer). */
  sameDatabaseAs?: TestApp;
  /**
   * On PostgreSQL, the address the app reaches its database by (a TCP proxy's `urlFor`), the
   * test database's own URL in; `databaseUrl` stays the direct one.
   */
  routeDatabaseUrl?: (databaseUrl: string) => string;
  /**
   * The production database time-outs (3 s connect, 5 s statement). Other tests get generous
   * ones: on a loaded CI machine a test database's first connection can take longer than 3 s.
   */
  productionTimeouts?: boolean;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = readConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: 'http://atlas.test',
    // Every request of a test file comes from 127.0.0.1 and a few accounts place many orders:
    // the attempt limits would stop the files' own setup. tests/api/attempt-limits.test.ts sets
    // its own small ones.
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: '100000',
    RATE_LIMIT_QUOTE_PER_IP: '100000',
    RATE_LIMIT_ORDER_PER_CUSTOMER: '100000',
    RATE_LIMIT_ORDER_PER_IP: '100000',
    RATE_LIMIT_TRACKING_PER_IP: '100000',
    RATE_LIMIT_LISTS_PER_ACCOUNT: '100000',
    ...(options.productionTimeouts
      ? {}
      : { DB_CONNECT_TIMEOUT_MS: '15000', DB_STATEMENT_TIMEOUT_MS: '30000' }),
    ...options.env,
  });
  const { database, url, drop } = options.sameDatabaseAs
    ? {
        database: options.sameDatabaseAs.database,
        url: options.sameDatabaseAs.databaseUrl,
        drop: async () => {},
      }
    : await openTestDatabase(
        {
          connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
        },
        options.routeDatabaseUrl,
      );
  const ownsDatabase = !options.sameDatabaseAs;
  const app = await buildApp({
    config,
    db: database.db,
    databaseKind: database.kind,
    channels: database.channels,
    logStream: options.logStream,
    clock: options.clock ? () => options.clock!.now() : undefined,
    runOutboxWorker: options.runOutboxWorker,
    eventHeartbeatMs: options.eventHeartbeatMs,
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: url,
    config,
    now: options.clock ? () => options.clock!.now() : () => new Date(),
    close: async () => {
      await app.close();
      if (!ownsDatabase) return;
      await database.close();
      await drop();
    },
  };
}
