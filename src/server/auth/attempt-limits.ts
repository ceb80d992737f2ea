import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../http/errors';
import type { AppConfig } from '../config';
import type { ZodApp } from '../http/zod-app';

function describeWait(seconds: number): string {
  if (seconds <= 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Login and forgot-password attempts, limited per client address and per email: a guessing
 * run is slowed whichever of the two it varies. Both counters are checked on every attempt
 * (the plugin's own route hook runs only one limiter per request).
 */
export function createAttemptLimits(app: ZodApp, config: AppConfig): preHandlerAsyncHookHandler {
  const timeWindow = config.RATE_LIMIT_WINDOW_MS;
  const perAddress = app.createRateLimit({
    max: config.RATE_LIMIT_LOGIN_PER_IP,
    timeWindow,
    keyGenerator: (request) => `ip:${request.routeOptions.url}:${request.ip}`,
  });
  const perEmail = app.createRateLimit({
    max: config.RATE_LIMIT_LOGIN_PER_EMAIL,
    timeWindow,
    // Runs after validation, so the email is already trimmed and lower-cased.
    keyGenerator: (request) =>
      `email:${request.routeOptions.url}:${(request.body as { email: string }).email}`,
  });

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const results = await Promise.all([perAddress(request), perEmail(request)]);
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
