import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../http/errors';
import type { AppConfig } from '../config';
import type { ZodApp } from '../http/zod-app';

function describeWait(seconds: number): string {
  if (seconds <= 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
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
    throw new AppError(
      429,
      `Too many attempts. Please wait ${describeWait(waitSeconds)} and try again.`,
    );
  };
}

/**
 * Login and forgot-password attempts, limited per client address and per email: a guessing
 * run is slowed whichever of the two it varies.
 */
export function createAttemptLimits(app: ZodApp, config: AppConfig): preHandlerAsyncHookHandler {
  const timeWindow = config.RATE_LIMIT_WINDOW_MS;
  return createAttemptLimiter(app, [
    {
      max: config.RATE_LIMIT_LOGIN_PER_IP,
      timeWindow,
      key: (request) => `ip:${request.routeOptions.url}:${request.ip}`,
    },
    {
      max: config.RATE_LIMIT_LOGIN_PER_EMAIL,
      timeWindow,
      // The email is already trimmed and lower-cased.
      key: (request) =>
        `email:${request.routeOptions.url}:${(request.body as { email: string }).email}`,
    },
  ]);
}
