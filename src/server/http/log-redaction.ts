import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isDatabaseError } from '../db/database-faults';

/** Tokens travel in some paths (the password reset link); they must never reach the log. */
export function redactUrl(url: string): string {
  return url.replace(/(\/reset_password\/|\/reset-password\/)[^/?#]+/gi, '$1[redacted]');
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'confirmPassword',
  'token',
  // A bank account number (docs/decisions/0020-merchant-money.md): never in a log line.
  'rib',
];

/** What an error the database answered may tell the log: codes and names, never values. */
const DATABASE_ERROR_FIELDS = [
  'code',
  'severity',
  'constraint',
  'schema',
  'table',
  'column',
  'dataType',
  'routine',
] as const;

const MAX_CAUSE_DEPTH = 5;
/** The start of Drizzle's message, without the parameters that follow it. */
const FAILED_QUERY_SUMMARY = 'Failed query';

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/** The stack without its first line, which repeats the message. */
function stackFramesOf(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

/**
 * The `err` of every log line (docs/decisions/0011-hardening.md, "Logs"). Database errors keep
 * their SQLSTATE, constraint, table, column and routine but lose their message, `detail` and
 * `where` ("Key (email)=(…) already exists", "Failing row contains (…)"); Drizzle's wrapper keeps
 * its SQL text (placeholders only) but loses the parameters its message lists: password hashes,
 * national IDs and phone numbers would otherwise land in the log.
 */
export function serializeError(error: unknown): LoggedError {
  return describeError(error, 0);
}

function describeError(error: unknown, depth: number): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const cause =
    depth < MAX_CAUSE_DEPTH && error.cause !== undefined
      ? { cause: describeError(error.cause, depth + 1) }
      : {};
  if (error instanceof DrizzleQueryError) {
    return {
      type: 'DrizzleQueryError',
      message: FAILED_QUERY_SUMMARY,
      stack: stackFramesOf(error),
      query: error.query,
      ...cause,
    };
  }
  if (isDatabaseError(error)) {
    const fields = Object.fromEntries(
      DATABASE_ERROR_FIELDS.flatMap((field) => {
        const value: unknown = (error as unknown as Record<string, unknown>)[field];
        return typeof value === 'string' && value ? [[field, value]] : [];
      }),
    );
    return {
      type: 'DatabaseError',
      message: `SQLSTATE ${error.code}`,
      stack: stackFramesOf(error),
      ...fields,
      ...cause,
    };
  }
  const code = 'code' in error && typeof error.code === 'string' ? { code: error.code } : {};
  return {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
    ...code,
    ...cause,
  };
}
