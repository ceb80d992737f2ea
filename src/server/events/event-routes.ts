import { z } from 'zod';
import { authOf } from '../auth/auth-guards';
import type { AuthService } from '../auth/auth-service';
import type { Database } from '../db/open-database';
import { ErrorBodySchema, NotFoundError } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import { openEventStream } from './event-stream';
import type { OrderEventHub } from './order-event-hub';
import { toOrderEvent, toPublicOrderEvent, type OrderEventNotice } from './order-event-notice';
import { findOrderIdByTrackingNumber, type EventScope } from './order-event-queries';

const streamDescription =
  'Server-Sent Events: `event: order`, `id: <sequence>`, `data: <JSON>`; a heartbeat comment ' +
  'every 20 s; send `Last-Event-ID` on reconnect to replay what was missed.';

export function registerEventRoutes(
  app: ZodApp,
  { db, hub, authService }: { db: Database; hub: OrderEventHub; authService: AuthService },
): void {
  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        security: [{ bearerAuth: [] }],
        summary: 'Live order events: a customer’s own orders, every order for an admin',
        description: streamDescription,
        response: { 401: ErrorBodySchema },
      },
      preHandler: app.requireAuth,
    },
    async (request, reply) => {
      const auth = authOf(request);
      const scope: EventScope = auth.role === 'ADMIN' ? { all: true } : { userId: auth.userId };
      const accepts = (notice: OrderEventNotice) =>
        auth.role === 'ADMIN' || notice.userId === auth.userId;
      await openEventStream(request, reply, {
        db,
        hub,
        scope,
        accepts,
        toData: toOrderEvent,
        isStillAuthorized: () => authService.isSessionActive(auth),
      });
    },
  );

  app.get(
    '/track/:trackingNumber/events',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Live status of one shipment (status and time only, no login)',
        description: streamDescription,
        params: z.object({ trackingNumber: z.string().trim().min(1).max(40) }),
        response: { 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const trackingNumber = request.params.trackingNumber.toUpperCase();
      const orderId = await findOrderIdByTrackingNumber(db, trackingNumber);
      if (!orderId) throw new NotFoundError('No shipment found for this tracking number');
      await openEventStream(request, reply, {
        db,
        hub,
        scope: { orderId },
        accepts: (notice) => notice.orderId === orderId,
        toData: toPublicOrderEvent,
      });
    },
  );
}
