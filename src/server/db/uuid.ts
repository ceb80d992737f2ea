const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether PostgreSQL would read this as a uuid: anything else must not reach a query (500). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
