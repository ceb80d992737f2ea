import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  createPgliteChannels,
  createPostgresChannels,
  type DatabaseChannels,
} from './database-channels';
import { DatabaseDeadlineError, describeConnectionFault } from './database-faults';
import { setIndexOrderDatabase } from './index-order';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  channels: DatabaseChannels;
  migrate(): Promise<void>;
  /**
   * PGlite only: its data directory as a tarball, which a new in-memory PGlite starts from
   * (`startFrom`). The API tests migrate one and start every test file's database from it.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string; startFrom?: Blob };

/**
 * How long the server waits on PostgreSQL (docs/decisions/0011-hardening.md, "Database outages"):
 * main.ts passes DB_CONNECT_TIMEOUT_MS and DB_STATEMENT_TIMEOUT_MS; scripts keep these defaults.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectTimeoutMs: number;
  /** One statement: PostgreSQL cancels it, and the client stops waiting for a dead link. */
  statementTimeoutMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: Readonly<DatabaseTimeouts> = {
  connectTimeoutMs: 3_000,
  statementTimeoutMs: 5_000,
};

export async function openDatabase(
  location: DatabaseLocation,
  timeouts: Partial<DatabaseTimeouts> = {},
): Promise<OpenDatabase> {
  if (location.kind === 'postgres') {
    const limits = { ...DEFAULT_DATABASE_TIMEOUTS, ...timeouts };
    const pool = openPool(location.url, limits);
    const db = drizzleNodePostgres({ client: pool, schema });
    // Connections opened only when a deep page is first read (docs/architecture.md, "Lists at
    // scale"); sorting is priced out on them for good.
    const indexOrderPool = openPool(location.url, limits, {
      max: INDEX_ORDER_POOL_SIZE,
      options: '-c enable_sort=off',
    });
    setIndexOrderDatabase(db, drizzleNodePostgres({ client: indexOrderPool, schema }));
    const channels = createPostgresChannels(location.url, (message) => console.error(message), {
      connectTimeoutMs: limits.connectTimeoutMs,
      queryTimeoutMs: limits.statementTimeoutMs,
    });
    return {
      db,
      kind: 'postgres',
      channels,
      migrate: () => migratePostgres(location.url, limits.connectTimeoutMs),
      close: closeOnce(async () => {
        await channels.close();
        await Promise.all([pool.end(), indexOrderPool.end()]);
      }),
    };
  }
  let client: PGlite;
  if (location.dataDir) {
    const folder = path.resolve(location.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    client = new PGlite(folder);
  } else {
    client = new PGlite(location.startFrom ? { loadDataDir: location.startFrom } : {});
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    channels: createPgliteChannels(client),
    migrate: () => migratePglite(db, { migrationsFolder }),
    dumpDataDir: async () => client.dumpDataDir('none'),
    close: closeOnce(() => client.close()),
  };
}

const POOL_SIZE = 10;
/**
 * Deep pages are rarer than first ones, but with two connections fifty readers of deep pages
 * queued for them (measured: five gave the deep admin page about a tenth more).
 */
const INDEX_ORDER_POOL_SIZE = 5;
/** A link that died without a word (no RST) is found by TCP keepalive after this much silence. */
const KEEPALIVE_DELAY_MS = 10_000;
/**
 * DB_STATEMENT_TIMEOUT_MS bounds how long a request waits on one statement, its 503 included. On
 * a live link PostgreSQL cancels the statement first (SQLSTATE 57014, the connection stays
 * usable); only a silent link reaches the client's own deadline a little later; the rest of the
 * budget is for answering.
 */
const SERVER_CANCEL_SHARE = 0.9;
const CLIENT_DEADLINE_SHARE = 0.95;

function openPool(
  url: string,
  { connectTimeoutMs, statementTimeoutMs }: DatabaseTimeouts,
  { max = POOL_SIZE, options }: { max?: number; options?: string } = {},
) {
  const pool = new FaultTolerantPool({
    connectionString: url,
    max,
    options,
    // pg-pool applies it to opening a connection and to waiting for a free one alike.
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: Math.floor(statementTimeoutMs * SERVER_CANCEL_SHARE),
    // A transaction whose client vanished must not hold its row locks for long.
    idle_in_transaction_session_timeout: 2 * statementTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool opens a new one on the next query.
  pool.on('error', (error) => {
    console.error(`PostgreSQL connection lost: ${describeConnectionFault(error)}`);
  });
  const deadlineMs = Math.floor(statementTimeoutMs * CLIENT_DEADLINE_SHARE);
  pool.on('connect', (client) => {
    // A connection lost while a transaction holds it would otherwise emit 'error' with no
    // listener and end the process; its queries fail anyway, and that is what the caller sees.
    client.on('error', () => {});
    abandonConnectionsThatHang(client, deadlineMs);
  });
  return pool;
}

type PoolConnectCallback = Parameters<pg.Pool['connect']>[0] & {};

/**
 * Drizzle checks a client out for each transaction and gives it back in a `finally` that a failed
 * BEGIN never reaches: a connection lost at that moment would be lost to the pool for good, and
 * ten of them would leave it empty until a restart. A checked-out client whose connection ended
 * goes back at once (the pool discards it); Drizzle's own release then does nothing.
 */
class FaultTolerantPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: PoolConnectCallback): void;
  override connect(callback?: PoolConnectCallback): Promise<pg.PoolClient> | void {
    // pg-pool's own `query` checks out with a callback and releases on error by itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releaseWhenConnectionEnds);
  }
}

function releaseWhenConnectionEnds(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', discard);
    release(error);
  };
  const discard = () => releaseOnce(true);
  client.once('end', discard);
  client.release = releaseOnce;
  return client;
}

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * PostgreSQL's statement_timeout needs a live link to cancel anything. When the link is dead, the
 * query would wait for TCP to give up (minutes), and the ROLLBACK queued behind it as long
 * again; so a query without an answer after `deadlineMs` ends its whole connection: everything
 * queued on it fails at once and the pool opens a fresh one. (pg's own `query_timeout` only
 * fails the query and leaves the connection busy behind it.)
 */
function abandonConnectionsThatHang(client: pg.PoolClient, deadlineMs: number): void {
  const query = client.query.bind(client) as QueryFunction;
  const watchedQuery: QueryFunction = (...args) => {
    const timer = setTimeout(() => abandonConnection(client, deadlineMs), deadlineMs);
    const settle = () => clearTimeout(timer);
    const callback = args.at(-1);
    try {
      if (typeof callback === 'function') {
        args[args.length - 1] = (...results: unknown[]) => {
          settle();
          return callback(...results);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) result.then(settle, settle);
      // A cursor or a stream reads at its own pace: no deadline.
      else settle();
      return result;
    } catch (error) {
      settle();
      throw error;
    }
  };
  client.query = watchedQuery as typeof client.query;
}

function abandonConnection(client: pg.PoolClient, deadlineMs: number): void {
  // pg ends a hung pipelined connection the same way: its socket destroyed with the reason, which
  // fails every query on it with that error and marks the client unusable.
  const { connection } = client as unknown as {
    connection: { stream: { destroy(error: Error): void } };
  };
  connection.stream.destroy(new DatabaseDeadlineError(deadlineMs));
}

/**
 * Migrations run once at start on a connection of their own: a long one (an index on a big
 * table) must not be cut by the requests' statement time-out.
 */
async function migratePostgres(url: string, connectTimeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // A lost connection fails the migration's query, which is what start-up reports.
  client.on('error', () => {});
  await client.connect();
  try {
    await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
