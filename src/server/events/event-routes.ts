import { clientLimitKey } from '../http/client-address';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { message } from '#shared/i18n/message-key';
import { authOf } from '../auth/auth-guards';
import { createTrackingLimits } from '../auth/attempt-limits';
import type { AuthService } from '../auth/auth-service';
import type { AppConfig } from '../config';
import type { Database } from '../db/open-database';
import { AppError, ErrorBodySchema, notFound } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import { openEventStream } from './event-stream';
import type { OrderEventHub } from './order-event-hub';
import type { AuthContext } from '../auth/auth-service';
import { toOrderEvent, toPublicOrderEvent, type OrderAudience } from './order-event-notice';
import { findOrderIdByTrackingNumber, type EventScope } from '../orders/order-reads';
import { toPositionEvent, toPublicPositionEvent } from './position-notice';
import { createStreamPlaces, type StreamPlaces } from './stream-places';

/** When a refused client may try again: streams close every moment somewhere. */
const FULL_RETRY_AFTER_SECONDS = 30;

/** A place for a stream of `key`, or 429 with Retry-After (the client's backoff retries). */
function takePlace(places: StreamPlaces, key: string, reply: FastifyReply): () => void {
  const free = places.take(key);
  if (free) return free;
  reply.header('retry-after', String(FULL_RETRY_AFTER_SECONDS));
  throw new AppError(429, [message('events.too_many_streams')]);
}

const streamDescription =
  'Server-Sent Events: `event: order`, `id: <sequence>`, `data: <JSON>`, and `event: position` ' +
  '(a truck on the road moved; no id, never replayed); a heartbeat comment every 20 s; send ' +
  '`Last-Event-ID` on reconnect to replay the order events that were missed.';

/**
 * docs/product.md, decision 21: admins see every order, drivers the orders dispatched to them,
 * customers their organization's (docs/decisions/0014-organizations.md).
 */
function scopeOf(auth: AuthContext): {
  scope: EventScope;
  accepts(order: OrderAudience): boolean;
} {
  if (auth.role === 'ADMIN') return { scope: { all: true }, accepts: () => true };
  const { driverId } = auth;
  if (auth.role === 'DRIVER' && driverId) {
    return { scope: { driverId }, accepts: (order) => order.driverId === driverId };
  }
  // A customer always has an organization here (the session check refuses one without).
  const organizationId = auth.organizationId ?? '';
  return {
    scope: { organizationId },
    accepts: (order) => order.organizationId === organizationId,
  };
}

export function registerEventRoutes(
  app: ZodApp,
  {
    db,
    hub,
    authService,
    config,
  }: { db: Database; hub: OrderEventHub; authService: AuthService; config: AppConfig },
): void {
  const accountPlaces = createStreamPlaces(config.EVENTS_MAX_STREAMS_PER_USER);
  const addressPlaces = createStreamPlaces(config.EVENTS_MAX_STREAMS_PER_IP);
  const maxLifeMs = config.EVENTS_MAX_STREAM_LIFE_MS;

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        security: [{ bearerAuth: [] }],
        summary:
          'Live order events and truck positions: a customer’s own orders, a driver’s, every order for an admin',
        description: streamDescription,
        response: { 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
      onRequest: app.requireAuth,
    },
    async (request, reply) => {
      const auth = authOf(request);
      const onClose = takePlace(accountPlaces, auth.userId, reply);
      await openEventStream(request, reply, {
        db,
        hub,
        ...scopeOf(auth),
        toData: toOrderEvent,
        toPositionData: toPositionEvent,
        isStillAuthorized: () => authService.isSessionActive(auth),
        maxLifeMs,
        onClose,
      });
    },
  );

  app.get(
    '/track/:trackingNumber/events',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Live status and truck position of one shipment (nothing personal, no login)',
        description: streamDescription,
        params: z.object({ trackingNumber: z.string().trim().min(1).max(40) }),
        response: { 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
      preHandler: createTrackingLimits(app, config),
    },
    async (request, reply) => {
      const trackingNumber = request.params.trackingNumber.toUpperCase();
      const orderId = await findOrderIdByTrackingNumber(db, trackingNumber);
      if (!orderId) throw notFound('order.tracking_not_found');
      const onClose = takePlace(addressPlaces, clientLimitKey(request.ip), reply);
      await openEventStream(request, reply, {
        db,
        hub,
        scope: { orderId },
        accepts: (order) => order.orderId === orderId,
        toData: toPublicOrderEvent,
        toPositionData: toPublicPositionEvent,
        maxLifeMs,
        onClose,
      });
    },
  );
}
