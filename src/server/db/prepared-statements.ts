import { createHash } from 'node:crypto';
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

/** The part of a statement's name that a set of values in its text gives: `all` for none. */
export function statementKey(values: readonly string[] | undefined): string {
  return values ? [...values].sort().join('_').toLowerCase() : 'all';
}

const preparedByDatabase = new WeakMap<Database, Map<string, unknown>>();

/**
 * The named prepared statement `name` of this database, built on first use. A hot read's SQL is
 * then written once per process instead of on every request, and PostgreSQL parses it once per
 * connection and soon plans it once (docs/architecture.md, "Lists at scale"). Keyed by database
 * because each test opens its own. `name` must say everything that changes the SQL text (a list's
 * fixed statuses, say): values that vary per request are placeholders.
 */
export function preparedOnce<Statement>(
  db: Database,
  name: string,
  prepare: (name: string) => Statement,
): Statement {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDatabase.set(db, statements);
  }
  let statement = statements.get(name) as Statement | undefined;
  if (!statement) {
    statement = prepare(statementName(name));
    statements.set(name, statement);
  }
  return statement;
}
