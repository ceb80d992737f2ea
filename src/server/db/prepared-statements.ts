import type { Database } from './open-database';

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
    statement = prepare(name);
    statements.set(name, statement);
  }
  return statement;
}
