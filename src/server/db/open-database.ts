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
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  channels: DatabaseChannels;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(location: DatabaseLocation): Promise<OpenDatabase> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool opens a new one on the next query.
    pool.on('error', (error) => {
      console.error(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = drizzleNodePostgres({ client: pool, schema });
    const channels = createPostgresChannels(location.url, (message) => console.error(message));
    return {
      db,
      kind: 'postgres',
      channels,
      migrate: () => migrateNodePostgres(db, { migrationsFolder }),
      close: closeOnce(async () => {
        await channels.close();
        await pool.end();
      }),
    };
  }
  let client: PGlite;
  if (location.dataDir) {
    const folder = path.resolve(location.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    client = new PGlite(folder);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    channels: createPgliteChannels(client),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: closeOnce(() => client.close()),
  };
}

function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
