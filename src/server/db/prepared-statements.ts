import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database } from './open-database';

/** PostgreSQL keeps the first 63 bytes of a prepared statement's name (NAMEDATALEN - 1). */
const MAX_STATEMENT_NAME_BYTES = 63;
const NAME_HASH_LENGTH = 16;

/**
 * The name PostgreSQL is given for `name`: itself when short enough, else its start and a hash of
 * the whole. PostgreSQL would cut a longer name, and two names alike in their first 63 bytes (a
 * list's statuses, then `_deep`) would then stand for one statement: the second would fail.
 */
export function statementName(name: string): string {
  if (Buffer.byteLength(name) <= MAX_STATEMENT_NAME_BYTES) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, NAME_HASH_LENGTH);
  return `${name.slice(0, MAX_STATEMENT_NAME_BYTES - NAME_HASH_LENGTH - 1)}_${hash}`;
}

/**
 * The part of a statement's name that a set of values in its text gives: `all` for none. The
 * list schemas give a canonical set (each value once, in a fixed order); sorting here keeps the
 * name one per set for any other caller too.
 */
export function statementKey(values: readonly string[] | undefined): string {
  return values ? [...new Set(values)].sort().join('_').toLowerCase() : 'all';
}

/**
 * The most prepared statements a database handle keeps (docs/decisions/0018-lists-streams-cash-positions.md):
 * a list's statuses and page length are written in its statements' text, so the names a caller
 * can make number in the thousands, and each is a plan kept on every connection. The hot reads
 * of every screen fit well within it.
 */
export const MAX_PREPARED_STATEMENTS = 200;

interface PreparedStatements {
  /** By name, least recently used first (a Map keeps the order of insertion). */
  byName: Map<string, unknown>;
  /** The names PostgreSQL was given for those statements (statementName). */
  serverNames: Set<string>;
}

const preparedByDatabase = new WeakMap<Database, PreparedStatements>();

/** What node-postgres keeps about a connection's named statements. */
interface PostgresConnection {
  connection?: { parsedStatements?: Record<string, string> };
  query(text: string): Promise<unknown>;
}

/**
 * On PostgreSQL, each connection deallocates the statements the cache no longer holds when it is
 * next checked out, before the query it was checked out for (node-postgres runs a connection's
 * queries in order): an evicted statement stops taking server memory without waiting for every
 * connection to be free at once. PGlite names no statement.
 */
function deallocateEvictedOnCheckout(db: Database, statements: PreparedStatements): void {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return;
  client.on('acquire', (connection) => {
    const parsed = (connection as unknown as PostgresConnection).connection?.parsedStatements;
    if (!parsed) return;
    for (const name of Object.keys(parsed)) {
      if (statements.serverNames.has(name)) continue;
      // Forgotten first, so that a later use of the name parses it again.
      delete parsed[name];
      // A failure leaves a statement the server frees with its connection: nothing to answer.
      connection.query(`DEALLOCATE ${pg.escapeIdentifier(name)}`).catch(() => {});
    }
  });
}

function statementsOf(db: Database): PreparedStatements {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = { byName: new Map(), serverNames: new Set() };
    preparedByDatabase.set(db, statements);
    deallocateEvictedOnCheckout(db, statements);
  }
  return statements;
}

/** How many prepared statements this database handle keeps now (at most MAX_PREPARED_STATEMENTS). */
export function preparedStatementCount(db: Database): number {
  return preparedByDatabase.get(db)?.byName.size ?? 0;
}

/**
 * The named prepared statement `name` of this database, built on first use. A hot read's SQL is
 * then written once per process instead of on every request, and PostgreSQL parses it once per
 * connection and soon plans it once (docs/architecture.md, "Lists at scale"). Keyed by database
 * because each test opens its own. `name` must say everything that changes the SQL text (a list's
 * fixed statuses, say): values that vary per request are placeholders. Past
 * MAX_PREPARED_STATEMENTS the least recently used is dropped (deallocateEvictedOnCheckout).
 */
export function preparedOnce<Statement>(
  db: Database,
  name: string,
  prepare: (name: string) => Statement,
): Statement {
  const { byName, serverNames } = statementsOf(db);
  let statement = byName.get(name) as Statement | undefined;
  if (statement) {
    byName.delete(name);
  } else {
    const serverName = statementName(name);
    statement = prepare(serverName);
    serverNames.add(serverName);
    const oldest = byName.size >= MAX_PREPARED_STATEMENTS ? byName.keys().next() : undefined;
    if (oldest && !oldest.done) {
      byName.delete(oldest.value);
      serverNames.delete(statementName(oldest.value));
    }
  }
  byName.set(name, statement);
  return statement;
}
