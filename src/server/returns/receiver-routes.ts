import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ReceiverInstructionsSchema,
  ReceiverParcelSchema,
  ReceiverRefuseSchema,
  ReceiverRescheduleSchema,
} from '#shared/schemas/returns-schemas';
import { clientOf, createAttemptLimiter } from '../auth/attempt-limits';
import type { AppConfig } from '../config';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { ReceiverTokens } from './receiver-tokens';
import type { ReceiverService } from './receiver-service';

/** The OpenAPI tag of the receiver's link (app.ts declares it). */
export const RECEIVER_TAG = 'Receiver';
const tags = [RECEIVER_TAG];
/** Any text: a token of the wrong shape is answered 404 like an unknown one, never 400. */
const params = z.object({ token: z.string() });
const answers = {
  200: ReceiverParcelSchema,
  400: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

const MINUTE_MS = 60_000;

/**
 * The link needs no account (docs/decisions/0023-failed-deliveries-and-returns.md, "The
 * receiver's link"): every call counts per client address, all four routes on one counter, so
 * that tokens cannot be guessed quickly, and per token, so that one link cannot be hammered from
 * many addresses. A token's counter is keyed by its hash: the counters' store (Redis or the
 * database) must not hold what opens a receiver's page.
 */
function createReceiverLimits(app: ZodApp, config: AppConfig, receiverTokens: ReceiverTokens) {
  const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;
  return createAttemptLimiter(app, [
    {
      max: config.RATE_LIMIT_RECEIVER_PER_IP,
      timeWindow: MINUTE_MS,
      key: (request) => `receiver:ip:${clientOf(request)}`,
    },
    {
      max: config.RATE_LIMIT_RECEIVER_PER_TOKEN,
      timeWindow: MINUTE_MS,
      key: (request) => `receiver:token:${receiverTokens.hashOf(tokenOf(request))}`,
    },
  ]);
}

export function registerReceiverRoutes(
  app: ZodApp,
  {
    service,
    config,
    receiverTokens,
  }: {
    service: ReceiverService;
    config: AppConfig;
    receiverTokens: ReceiverTokens;
  },
): void {
  const preHandler = createReceiverLimits(app, config, receiverTokens);

  app.get(
    '/receiver/:token',
    {
      schema: {
        tags,
        summary: "The receiver's parcel, from the link of their SMS (no account)",
        params,
        response: answers,
      },
      preHandler,
    },
    async (request) => service.parcelOf(request.params.token),
  );

  app.post(
    '/receiver/:token/reschedule',
    {
      schema: {
        tags,
        summary: 'The receiver picks another day for the delivery, within the next 7',
        params,
        body: ReceiverRescheduleSchema,
        response: answers,
      },
      preHandler,
    },
    async (request) => service.reschedule(request.params.token, request.body),
  );

  app.post(
    '/receiver/:token/instructions',
    {
      schema: {
        tags,
        summary: 'The receiver tells the driver how to find them, and perhaps another phone',
        params,
        body: ReceiverInstructionsSchema,
        response: answers,
      },
      preHandler,
    },
    async (request) => service.addInstructions(request.params.token, request.body),
  );

  app.post(
    '/receiver/:token/refuse',
    {
      schema: {
        tags,
        summary: 'The receiver refuses the parcel: its return to the sender starts',
        params,
        body: ReceiverRefuseSchema,
        response: answers,
      },
      preHandler,
    },
    async (request) => service.refuse(request.params.token, request.body),
  );
}
