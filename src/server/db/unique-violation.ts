/**
 * The name of the unique index or constraint a PostgreSQL unique_violation (23505) hit, as
 * node-postgres and PGlite report it (possibly wrapped by Drizzle); undefined for any other error.
 */
export function findUniqueViolationConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') {
      return 'constraint' in current && typeof current.constraint === 'string'
        ? current.constraint
        : '';
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return findUniqueViolationConstraint(error) !== undefined;
}
