import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { message, type Message } from '#shared/i18n/message-key';
import { clientLimitKey } from '../http/client-address';
import { AppError } from '../http/errors';
import type { AppConfig } from '../config';
import type { ZodApp } from '../http/zod-app';
import { authOf } from './auth-guards';

function waitMessage(seconds: number): Message {
  if (seconds <= 60) {
    return seconds === 1
      ? message('rate_limit.wait_one_second')
      : message('rate_limit.wait_seconds', { count: seconds });
  }
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1
    ? message('rate_limit.wait_one_minute')
    : message('rate_limit.wait_minutes', { count: minutes });
}

export interface AttemptLimit {
  max: number;
  timeWindow: number;
  /** The counter this request counts on; runs after validation, so on the parsed body. */
  key(request: FastifyRequest): string;
}

/**
 * A preHandler that counts every attempt on each of these counters and answers 429 (with
 * Retry-After) once any of them is used up. All counters are checked on every attempt (the
 * plugin's own route hook runs only one limiter per request); with REDIS_URL they are shared
 * by every instance (docs/architecture.md).
 */
export function createAttemptLimiter(
  app: ZodApp,
  limits: readonly AttemptLimit[],
): preHandlerAsyncHookHandler {
  const limiters = limits.map(({ max, timeWindow, key }) =>
    app.createRateLimit({ max, timeWindow, keyGenerator: key }),
  );

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const results = await Promise.all(limiters.map((limiter) => limiter(request)));
    const waits = results.flatMap((result) =>
      !result.isAllowed && result.isExceeded ? [result.ttlInSeconds] : [],
    );
    if (waits.length === 0) return;
    const waitSeconds = Math.max(...waits);
    request.log.warn({ route: request.routeOptions.url }, 'attempt limit reached');
    reply.header('retry-after', String(waitSeconds));
    throw new AppError(429, [waitMessage(waitSeconds)]);
  };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/*
 * Every key names what it counts: with REDIS_URL all limiters share one key space, so a counter
 * of one route must never be consumed by another's.
 */

/** The client address a per-address limit counts on: an IPv6 client by its /64. */
export const clientOf = (request: FastifyRequest) => clientLimitKey(request.ip);

/** The email as validated: the auth schemas have already trimmed and lower-cased it. */
const emailOf = (request: FastifyRequest) => (request.body as { email: string }).email;

/** The caller of a guarded route: auth guards run on request, before these preHandlers. */
const userIdOf = (request: FastifyRequest) => authOf(request).userId;

/**
 * Per client address and per email, over RATE_LIMIT_WINDOW_MS: a guessing run is slowed
 * whichever of the two it varies.
 */
function loginAttemptLimits(config: AppConfig): AttemptLimit[] {
  const timeWindow = config.RATE_LIMIT_WINDOW_MS;
  return [
    {
      max: config.RATE_LIMIT_LOGIN_PER_IP,
      timeWindow,
      key: (request) => `ip:${request.routeOptions.url}:${clientOf(request)}`,
    },
    {
      max: config.RATE_LIMIT_LOGIN_PER_EMAIL,
      timeWindow,
      key: (request) => `email:${request.routeOptions.url}:${emailOf(request)}`,
    },
  ];
}

/** Login attempts (docs/decisions/0004-attempt-limits.md). */
export function createAttemptLimits(app: ZodApp, config: AppConfig): preHandlerAsyncHookHandler {
  return createAttemptLimiter(app, loginAttemptLimits(config));
}

/**
 * Password-reset requests: the login limits, and a few an hour per email, so that no one can fill
 * a stranger's mailbox with reset links. Counted for unknown emails too: the answer must not
 * tell which emails have an account.
 */
export function createPasswordResetLimits(
  app: ZodApp,
  config: AppConfig,
): preHandlerAsyncHookHandler {
  return createAttemptLimiter(app, [
    ...loginAttemptLimits(config),
    {
      max: config.RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL,
      timeWindow: HOUR_MS,
      key: (request) => `forgot-password-hourly:email:${emailOf(request)}`,
    },
  ]);
}

/** Sign-ups per client address: each one costs an argon2 hash (19 MiB of memory). */
export function createRegistrationLimits(
  app: ZodApp,
  config: AppConfig,
): preHandlerAsyncHookHandler {
  return createAttemptLimiter(app, [
    {
      max: config.RATE_LIMIT_REGISTER_PER_IP,
      timeWindow: HOUR_MS,
      key: (request) => `register:ip:${clientOf(request)}`,
    },
  ]);
}

/**
 * Price quotes per account and per client address: each may ask the routing service. The
 * address limit is the wider one because a company's staff often share one address.
 */
export function createQuoteLimits(app: ZodApp, config: AppConfig): preHandlerAsyncHookHandler {
  return createAttemptLimiter(app, [
    {
      max: config.RATE_LIMIT_QUOTE_PER_USER,
      timeWindow: MINUTE_MS,
      key: (request) => `quote:user:${userIdOf(request)}`,
    },
    {
      max: config.RATE_LIMIT_QUOTE_PER_IP,
      timeWindow: MINUTE_MS,
      key: (request) => `quote:ip:${clientOf(request)}`,
    },
  ]);
}

/** Orders placed per customer account and per client address (wider, as for quotes). */
export function createOrderPlacementLimits(
  app: ZodApp,
  config: AppConfig,
): preHandlerAsyncHookHandler {
  return createAttemptLimiter(app, [
    {
      max: config.RATE_LIMIT_ORDER_PER_CUSTOMER,
      timeWindow: HOUR_MS,
      key: (request) => `order:customer:${userIdOf(request)}`,
    },
    {
      max: config.RATE_LIMIT_ORDER_PER_IP,
      timeWindow: HOUR_MS,
      key: (request) => `order:ip:${clientOf(request)}`,
    },
  ]);
}

/**
 * Public tracking, which needs no account: per client address, so that tracking numbers cannot
 * be enumerated quickly. Each route (the lookup, the event stream) counts on its own.
 */
export function createTrackingLimits(app: ZodApp, config: AppConfig): preHandlerAsyncHookHandler {
  return createAttemptLimiter(app, [
    {
      max: config.RATE_LIMIT_TRACKING_PER_IP,
      timeWindow: MINUTE_MS,
      key: (request) => `tracking:${request.routeOptions.url}:ip:${clientOf(request)}`,
    },
  ]);
}

/**
 * List pages and CSV exports per account, every list on one counter: a page is cheap, but a
 * script reading pages without pause would take the database from everyone else
 * (docs/decisions/0018-lists-streams-cash-positions.md). Generous: live events refetch the lists
 * on screen.
 */
export function createListLimits(app: ZodApp, config: AppConfig): preHandlerAsyncHookHandler {
  return createAttemptLimiter(app, [
    {
      max: config.RATE_LIMIT_LISTS_PER_ACCOUNT,
      timeWindow: MINUTE_MS,
      key: (request) => `lists:user:${userIdOf(request)}`,
    },
  ]);
}
