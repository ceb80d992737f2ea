import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DeliverOrderSchema,
  DriverOrderListSchema,
  DriverStepResultSchema,
  FailedAttemptSchema,
} from '#shared/schemas/driver-schemas';
import { ReturnCodeSchema } from '#shared/schemas/returns-schemas';
import { authOf } from '../auth/auth-guards';
import { ErrorBodySchema, forbidden } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { DriverCaller, DriverOrdersService } from './driver-orders-service';

const tags = ['driver'];
const security = [{ bearerAuth: [] }];
const params = z.object({ id: z.string().max(100) });
const stepResponses = {
  200: DriverStepResultSchema,
  400: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** The signed-in driver; a DRIVER account always names its driver record. */
export function driverOf(request: FastifyRequest): DriverCaller {
  const { userId, driverId } = authOf(request);
  if (!driverId) throw forbidden();
  return { userId, driverId };
}

export function registerDriverOrderRoutes(app: ZodApp, service: DriverOrdersService): void {
  const driverOnly = app.requireRole('DRIVER');
  app.get(
    '/driver/orders',
    {
      schema: {
        tags,
        security,
        summary: 'My orders on the road (oldest dispatch first), then my last 20 deliveries',
        response: { 200: DriverOrderListSchema },
      },
      onRequest: driverOnly,
    },
    async (request) => service.listOrders(driverOf(request)),
  );

  app.post(
    '/driver/orders/:id/pickup',
    {
      schema: {
        tags,
        security,
        summary: 'I have the parcel: a "Picked up" tracking event',
        params,
        response: stepResponses,
      },
      onRequest: driverOnly,
      preHandler: app.idempotent,
    },
    async (request) => service.pickUp(driverOf(request), request.params.id),
  );

  app.post(
    '/driver/orders/:id/deliver',
    {
      schema: {
        tags,
        security,
        summary:
          "Delivered, proven by the receiver's code (and, for a cash order, the cash collected)",
        params,
        body: DeliverOrderSchema,
        response: { ...stepResponses, 423: ErrorBodySchema },
      },
      onRequest: driverOnly,
      preHandler: app.idempotent,
    },
    async (request) => service.deliver(driverOf(request), request.params.id, request.body),
  );

  app.post(
    '/driver/orders/:id/attempt-failed',
    {
      schema: {
        tags,
        security,
        summary: 'The delivery did not succeed this time; the order stays with me',
        params,
        body: FailedAttemptSchema,
        response: stepResponses,
      },
      onRequest: driverOnly,
      preHandler: app.idempotent,
    },
    async (request) =>
      service.reportFailedAttempt(driverOf(request), request.params.id, request.body),
  );

  app.post(
    '/driver/orders/:id/return-delivered',
    {
      schema: {
        tags,
        security,
        summary:
          "The parcel is back with its sender, proven by the sender's return code (nothing collected)",
        params,
        body: ReturnCodeSchema,
        response: { ...stepResponses, 423: ErrorBodySchema },
      },
      onRequest: driverOnly,
      preHandler: app.idempotent,
    },
    async (request) => service.deliverReturn(driverOf(request), request.params.id, request.body),
  );
}
