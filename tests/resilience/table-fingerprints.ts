import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/server/db/open-database';

/** Every table's row count and a digest of its rows' text: equal fingerprints, nothing written. */
export type TableFingerprints = Record<string, { rows: number; digest: string }>;

/** The rows of a raw query (the result's type is the driver's: node-postgres or PGlite). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Columns a request may write without taking anything from its input: the auth guard marks a
 * session seen (at most once a minute) on every signed-in request, refused or not, and the API
 * key guard an API key used.
 */
const ACTIVITY_COLUMNS: Record<string, string[]> = {
  sessions: ['last_seen_at'],
  api_keys: ['last_used_at'],
};

/**
 * Tables that count refused requests by design: on PostgreSQL every attempt a limit sees is a
 * write to its counter (docs/decisions/0017-security-review.md).
 */
const COUNTER_TABLES = new Set(['attempt_counters']);

/**
 * Counts and digests every table of the public schema, read from information_schema so that a
 * table added later is covered too. The digest sees updates that leave the count unchanged.
 */
export async function fingerprintTables(db: Database): Promise<TableFingerprints> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
      order by table_name`,
  );
  const fingerprints: TableFingerprints = {};
  for (const { table_name: name } of tables) {
    if (COUNTER_TABLES.has(name)) continue;
    const ignored = (ACTIVITY_COLUMNS[name] ?? []).map((column) => `'${column}'`).join(', ');
    const [fingerprint] = await queryRows<{ rows: number; digest: string }>(
      db,
      sql.raw(`select count(*)::int as rows,
        coalesce(md5(string_agg(r.row_text, '|' order by r.row_text)), '') as digest
        from (select (to_jsonb(t) - array[${ignored}]::text[])::text as row_text
          from ${quoteIdentifier(name)} t) r`),
    );
    fingerprints[name] = fingerprint!;
  }
  return fingerprints;
}
