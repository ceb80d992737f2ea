import { z } from 'zod';
import {
  AdminDashboardSchema,
  AdminOrderDetailSchema,
  AdminOrderSchema,
  AdminPaymentListQuerySchema,
  AdminPaymentSchema,
  AdminReturnRowSchema,
  AdminReturnsQuerySchema,
  UpdateOrderStatusResultSchema,
  UpdateOrderStatusSchema,
} from '#shared/schemas/admin-schemas';
import { OrderListQuerySchema } from '#shared/schemas/order-schemas';
import { OfficeReturnDeliveredSchema, OfficeReturnSchema } from '#shared/schemas/returns-schemas';
import { officeActorOf } from '../audit/office-actions';
import { ErrorBodySchema } from '../http/errors';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import { adminOrderCsvColumns, adminPaymentCsvColumns, adminReturnCsvColumns } from './admin-view';
import type { AdminOrderList, AdminService } from './admin-service';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/**
 * The order lists of the admin screens (docs/product.md, section 7) and their export file names.
 */
const orderLists: Array<{
  path: string;
  list: AdminOrderList;
  exportName: string;
  summary: string;
}> = [
  { path: '/admin/orders', list: 'all', exportName: 'orders', summary: 'All orders' },
  {
    path: '/admin/orders/pending',
    list: 'pending',
    exportName: 'orders-pending',
    summary: 'Orders waiting for confirmation',
  },
  {
    path: '/admin/orders/delivered',
    list: 'delivered',
    exportName: 'orders-delivered',
    summary: 'Delivered orders',
  },
  {
    path: '/admin/orders/cancelled',
    list: 'cancelled',
    exportName: 'orders-cancelled',
    summary: 'Cancelled orders',
  },
  {
    path: '/admin/in-transit',
    list: 'inTransit',
    exportName: 'orders-in-transit',
    summary: 'Orders on the road: out for delivery, or on their way back to their sender',
  },
];

export function registerAdminRoutes(app: ZodApp, adminService: AdminService): void {
  const adminOnly = app.requireRole('ADMIN');

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags,
        security,
        summary: 'Totals, orders by status, the newest orders and 30 days of orders and revenue',
        response: { 200: AdminDashboardSchema },
      },
      onRequest: adminOnly,
    },
    async () => adminService.getDashboard(),
  );

  for (const { path, list, exportName, summary } of orderLists) {
    registerListRoutes(app, {
      path,
      summary,
      tags,
      querystring: OrderListQuerySchema,
      item: AdminOrderSchema,
      guard: adminOnly,
      exportName,
      csvColumns: adminOrderCsvColumns,
      list: (query, page) => adminService.listOrders(list, query, page),
    });
  }

  // The router tries fixed paths (pending, export.csv …) before this parametric one.
  app.get(
    '/admin/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One order with its customer, truck, driver, payment and timeline',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ order: AdminOrderDetailSchema }), 404: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request) => ({ order: await adminService.getOrder(request.params.id) }),
  );

  app.put(
    '/admin/orders/:id/update-status',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm onto a truck, deliver or cancel an order',
        params: z.object({ id: z.string().max(100) }),
        body: UpdateOrderStatusSchema,
        response: {
          200: UpdateOrderStatusResultSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
    },
    async (request) =>
      adminService.updateOrderStatus(request.params.id, request.body, officeActorOf(request)),
  );

  const officeActionResponses = {
    200: UpdateOrderStatusResultSchema,
    400: ErrorBodySchema,
    404: ErrorBodySchema,
    409: ErrorBodySchema,
  };

  app.post(
    '/admin/orders/:id/return',
    {
      schema: {
        tags,
        security,
        summary: 'Send a parcel on the road back to its sender, with the reason (audited)',
        params: z.object({ id: z.string().max(100) }),
        body: OfficeReturnSchema,
        response: officeActionResponses,
      },
      onRequest: adminOnly,
    },
    async (request) =>
      adminService.startReturn(request.params.id, request.body, officeActorOf(request)),
  );

  app.post(
    '/admin/orders/:id/return-delivered',
    {
      schema: {
        tags,
        security,
        summary:
          'Record that the sender has a returning parcel back when its return code is lost, with the reason (audited)',
        params: z.object({ id: z.string().max(100) }),
        body: OfficeReturnDeliveredSchema,
        response: officeActionResponses,
      },
      onRequest: adminOnly,
    },
    async (request) =>
      adminService.recordReturn(request.params.id, request.body, officeActorOf(request)),
  );

  registerListRoutes(app, {
    path: '/admin/returns',
    summary:
      "Returns: today's failed attempts, decisions waiting over 48 hours, parcels returning (by driver), returned",
    tags,
    querystring: AdminReturnsQuerySchema,
    item: AdminReturnRowSchema,
    guard: adminOnly,
    exportName: 'returns',
    csvColumns: adminReturnCsvColumns,
    list: (query, page) => adminService.listReturns(query, page),
  });

  registerListRoutes(app, {
    path: '/admin/payments',
    summary: 'Payments, newest first (revenue)',
    tags,
    querystring: AdminPaymentListQuerySchema,
    item: AdminPaymentSchema,
    guard: adminOnly,
    exportName: 'payments',
    csvColumns: adminPaymentCsvColumns,
    list: (query, page) => adminService.listPayments(query, page),
  });
}
