import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/open-database';

/** The PostgreSQL server the benches create their scratch databases on. */
export const BENCH_SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * Connects to the bench's PostgreSQL server, or ends the run with one line saying where it looked
 * (a stack trace of ECONNREFUSED tells the reader less).
 */
export async function connectToBenchServer(): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: BENCH_SERVER_URL,
    connectionTimeoutMillis: 5_000,
  });
  try {
    await client.connect();
    return client;
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    console.error(
      `The bench needs PostgreSQL at ${BENCH_SERVER_URL} (set BENCH_DATABASE_URL): ${reason}`,
    );
    process.exit(1);
  }
}

/** A new database of its own on the bench's server, migrated with the app's migrations. */
export async function createScratchDatabase(server: pg.Client): Promise<ScratchDatabase> {
  const name = `atlas_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await server.query(`CREATE DATABASE ${name}`);
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  await database.close();
  return { name, url: url.toString(), drop };
}
