import { z } from 'zod';
import {
  CreateOrderSchema,
  CustomerDashboardSchema,
  CustomerOrderDetailSchema,
  type CustomerOrderDetail,
  OrderListQuerySchema,
  CustomerOrderSchema,
  CustomerReturnsListSchema,
  PriceRequestSchema,
  PriceResultSchema,
  PublicTrackingSchema,
} from '#shared/schemas/order-schemas';
import { CustomerCancelSchema } from '#shared/schemas/admin-schemas';
import { ReattemptParcelSchema } from '#shared/schemas/parcels-api-schemas';
import { DashboardReturnsQuerySchema } from '#shared/schemas/returns-schemas';
import {
  createOrderPlacementLimits,
  createQuoteLimits,
  createTrackingLimits,
} from '../auth/attempt-limits';
import { authOf } from '../auth/auth-guards';
import type { AuthContext } from '../auth/auth-service';
import type { AppConfig } from '../config';
import { ErrorBodySchema } from '../http/errors';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import { customerOrderCsvColumns } from './order-view';
import type { CustomerList, OrdersService } from './orders-service';

/** Every error answers the one error body (code, message, field errors and their codes). */
const ErrorSchema = ErrorBodySchema;
const tags = ['customer'];
const security = [{ bearerAuth: [] }];

/** The list endpoints and the body key each one answers with (docs/product.md, decision 2). */
const customerLists: Array<{
  path: string;
  list: CustomerList;
  key: string;
  exportName: string;
  summary: string;
}> = [
  {
    path: '/dashboard/orders',
    list: 'orders',
    key: 'orders',
    exportName: 'my-orders',
    summary: 'All my orders',
  },
  {
    path: '/dashboard/tracking',
    list: 'tracking',
    key: 'trackingOrders',
    exportName: 'my-orders-in-progress',
    summary: 'My orders not yet delivered or cancelled',
  },
  {
    path: '/dashboard/deliveries',
    list: 'deliveries',
    key: 'deliveredOrders',
    exportName: 'my-orders-delivered',
    summary: 'My delivered orders',
  },
  {
    path: '/dashboard/canceled',
    list: 'canceled',
    key: 'canceledOrders',
    exportName: 'my-orders-cancelled',
    summary: 'My cancelled orders',
  },
];

export function registerOrderRoutes(
  app: ZodApp,
  ordersService: OrdersService,
  config: AppConfig,
): void {
  const customerOnly = app.requireRole('USER');

  app.post(
    '/dashboard/distance',
    {
      schema: {
        tags,
        security,
        summary: 'Price a delivery between two points (the price the order will get)',
        body: PriceRequestSchema,
        response: { 200: PriceResultSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
      // Customers, and an administrator quoting a price for a customer on the phone; not drivers.
      onRequest: app.requireRole('USER', 'ADMIN'),
      preHandler: createQuoteLimits(app, config),
    },
    async (request) => ordersService.quotePrice(request.body),
  );

  app.post(
    '/dashboard/neworder',
    {
      schema: {
        tags,
        security,
        summary: 'Place an order; the server computes and stores the price',
        description:
          'Placed once per `Idempotency-Key`: a retry with the key of a request whose answer ' +
          'was lost gets that answer back (`Idempotent-Replayed: true`), not a second order.',
        body: CreateOrderSchema,
        response: {
          201: z.object({ order: CustomerOrderDetailSchema }),
          400: ErrorSchema,
          409: ErrorSchema,
          422: ErrorSchema,
          429: ErrorSchema,
        },
      },
      onRequest: customerOnly,
      // The limits first: a refusal for placing too often is not an answer to keep for the key.
      preHandler: [createOrderPlacementLimits(app, config), app.idempotent],
    },
    async (request, reply) =>
      reply.status(201).send(await ordersService.createOrder(authOf(request), request.body)),
  );

  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        security,
        summary: 'My dashboard: latest orders, counts by status',
        response: { 200: CustomerDashboardSchema },
      },
      onRequest: customerOnly,
    },
    async (request) => ordersService.getDashboard(authOf(request)),
  );

  for (const { path, list, key, exportName, summary } of customerLists) {
    registerListRoutes(app, {
      path,
      summary,
      tags,
      querystring: OrderListQuerySchema,
      item: CustomerOrderSchema,
      guard: customerOnly,
      exportName,
      csvColumns: customerOrderCsvColumns,
      bodyKey: key,
      list: (query, page, request) => ordersService.listOrders(authOf(request), list, query, page),
    });
  }

  app.get(
    '/dashboard/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One of my orders with its timeline',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ order: CustomerOrderDetailSchema }), 404: ErrorSchema },
      },
      onRequest: customerOnly,
    },
    async (request) => ({
      order: await ordersService.getOrder(authOf(request), request.params.id),
    }),
  );

  /**
   * A POST that changes one order of the caller's organization (`/dashboard/orders/:id/…`): the
   * same guard and answers for each; 400 answers a body its schema refuses.
   */
  function registerOrderWrite<Body>(
    action: string,
    route: {
      summary: string;
      description?: string;
      body?: z.ZodType<Body>;
      /** Whether a retry with the same `Idempotency-Key` gets the first answer back. */
      idempotent: boolean;
      handle(auth: AuthContext, id: string, body: Body): Promise<CustomerOrderDetail>;
    },
  ): void {
    const { summary, description, body, idempotent, handle } = route;
    app.post(
      `/dashboard/orders/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary,
          ...(description && { description }),
          params: z.object({ id: z.string().max(100) }),
          ...(body && { body }),
          response: {
            200: z.object({ order: CustomerOrderDetailSchema }),
            ...(body && { 400: ErrorSchema }),
            403: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
          },
        },
        onRequest: customerOnly,
        ...(idempotent && { preHandler: app.idempotent }),
      },
      async (request) => ({
        order: await handle(authOf(request), request.params.id, request.body as Body),
      }),
    );
  }

  registerOrderWrite('cancel', {
    summary: 'Cancel a pending order of my organization, with a reason (owner and staff)',
    body: CustomerCancelSchema,
    idempotent: false,
    handle: (auth, id, { reason }) => ordersService.cancelOrder(auth, id, reason),
  });

  registerOrderWrite('reattempt', {
    summary: 'Ask for another delivery attempt after a failed one (owner and staff)',
    description:
      'A day of the next 7 (`on`, YYYY-MM-DD; 400 otherwise), and optionally another ' +
      'phone, another address in the same city and a note for the driver. 409 before any ' +
      'failed attempt, once the parcel is returning (after a refusal) or when no attempt ' +
      'is left. Answers the order. An `Idempotency-Key` header is optional: a retry with ' +
      'the same key gets the first answer back.',
    body: ReattemptParcelSchema,
    idempotent: true,
    handle: (auth, id, reattempt) => ordersService.reattemptOrder(auth, id, reattempt),
  });

  registerOrderWrite('return', {
    summary: 'Have the parcel brought back now, after a failed attempt (owner and staff)',
    description:
      'The parcel goes back to its sender (RETURNING); its return code, which the sender ' +
      'gives the driver, is on the order (`returnCode`) and sent by mail. 409 before any ' +
      'failed attempt or once the parcel is no longer on the road. An `Idempotency-Key` ' +
      'header is optional.',
    idempotent: true,
    handle: (auth, id) => ordersService.returnOrder(auth, id),
  });

  app.get(
    '/dashboard/returns',
    {
      schema: {
        tags,
        security,
        summary: 'My returns: parcels waiting for my decision, returning, returned',
        description:
          '`view=awaiting-decision` (a failed attempt waits for a decision, oldest first), ' +
          '`returning` (on their way back) or `returned`; `page` and `pageSize` (at most 100).',
        querystring: DashboardReturnsQuerySchema,
        response: { 200: CustomerReturnsListSchema, 400: ErrorSchema },
      },
      onRequest: customerOnly,
      preHandler: app.listLimits,
    },
    async (request) => ordersService.listReturns(authOf(request), request.query),
  );

  app.get(
    '/track/:trackingNumber',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Public shipment tracking by number (no personal data)',
        params: z.object({ trackingNumber: z.string().max(40) }),
        response: { 200: PublicTrackingSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
      preHandler: createTrackingLimits(app, config),
    },
    async (request) => ordersService.trackShipment(request.params.trackingNumber),
  );
}
