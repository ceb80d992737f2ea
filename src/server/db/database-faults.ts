/**
 * Which errors mean "the database cannot answer right now" (docs/decisions/0011-hardening.md,
 * "Database outages"): the request is refused with 503 and a retry hint instead of hanging or
 * answering 500, and the pool replaces the connection on its own.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';

/** A query whose answer never came within the client's deadline: the link is taken for dead. */
export class DatabaseDeadlineError extends Error {
  constructor(deadlineMs: number) {
    super(`No answer from the database within ${deadlineMs} ms`);
    this.name = 'DatabaseDeadlineError';
  }
}

/**
 * SQLSTATEs of a database that is stopping, starting, overloaded or cut off, and of a statement
 * cancelled by `statement_timeout` (57014); 08xxx, the connection exceptions, are matched by class.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
]);

/** Socket errors on the way to the database. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres and pg-pool report a lost or refused connection with these texts and no code
 * (pg 8: lib/client.js, pg-pool/index.js).
 */
const UNAVAILABLE_DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** Drizzle wraps the driver's error (DrizzleQueryError), pg-pool wraps a connect time-out. */
const MAX_CAUSE_DEPTH = 5;

function* causeChain(error: unknown): Generator<object> {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH; depth += 1) {
    if (typeof current !== 'object' || current === null) return;
    yield current;
    current = 'cause' in current ? current.cause : undefined;
  }
}

function hasUnavailableSign(error: object): boolean {
  if (error instanceof DatabaseDeadlineError) return true;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (code && UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return UNAVAILABLE_DRIVER_MESSAGES.some((text) => message.startsWith(text));
}

/** Whether this error (or what it wraps) means the database is unreachable or too slow now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of causeChain(error)) {
    if (hasUnavailableSign(link)) return true;
  }
  return false;
}

/**
 * An error the database itself answered (node-postgres' and PGlite's DatabaseError): its message,
 * `detail` and `where` may quote the values of a row, so only its codes are fit for a log.
 */
export function isDatabaseError(
  error: unknown,
): error is Error & { code: string; severity: string } {
  return (
    error instanceof Error &&
    'severity' in error &&
    'code' in error &&
    typeof error.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(error.code)
  );
}

/**
 * One line about a connection problem, for the console: the SQLSTATE of an error the database
 * answered, otherwise the driver's or the socket's own text (host and port at most).
 */
export function describeConnectionFault(error: unknown): string {
  const fault = [...causeChain(error)].find((link) => !(link instanceof DrizzleQueryError));
  if (isDatabaseError(fault)) return `SQLSTATE ${fault.code}`;
  if (fault instanceof Error) {
    const code = 'code' in fault && typeof fault.code === 'string' ? ` (${fault.code})` : '';
    return `${fault.message}${code}`;
  }
  return 'unknown error';
}
