/**
 * The admin back office API (docs/product.md, sections 2, 3 and 7): every route below is under /api
 * and answers only the role ADMIN (401 without a session, 403 for a customer).
 *
 * Conventions, the same on every admin list:
 * - The body is a plain JSON array of items (docs/product.md, section 7 "arrays", docs/product.md,
 * decision 11), newest
 *   first; the number of all matching rows is in the `X-Total-Count` header.
 * - `?page=&pageSize=&q=&status=`: pageSize at most 100; without page the newest 100.
 * - `<list path>/export.csv` takes the same q and status and answers text/csv (UTF-8 with BOM,
 *   at most EXPORT_ROW_LIMIT rows, newest first) as an attachment; page and pageSize are ignored.
 * - Money is in MAD, weights and capacities in kg, timestamps ISO 8601 in UTC, calendar dates
 *   `yyyy-MM-dd`.
 *
 *   GET  /admin/dashboard                      → AdminDashboardSchema
 *   GET  /admin/orders                          ?OrderListQuerySchema (order-schemas.ts) → AdminOrderListSchema
 *   GET  /admin/orders/pending                  (PENDING only)      ?… → AdminOrderListSchema
 *   GET  /admin/orders/delivered                (DELIVERED only)    ?… → AdminOrderListSchema
 *   GET  /admin/orders/cancelled                (CANCELLED only)    ?… → AdminOrderListSchema
 * GET  /admin/orders/:id                      → { order: AdminOrderDetailSchema } (404 if unknown)
 *   GET  /admin/in-transit                      (IN_TRANSIT and RETURNING) ?… → AdminOrderListSchema
 * POST /admin/orders/:id/return               OfficeReturnSchema (returns-schemas.ts) →
 * UpdateOrderStatusResultSchema
 * POST /admin/orders/:id/return-delivered     OfficeReturnDeliveredSchema (returns-schemas.ts) →
 * UpdateOrderStatusResultSchema
 *   GET  /admin/returns                         ?AdminReturnsQuerySchema → AdminReturnListSchema
 * PUT  /admin/orders/:id/update-status        UpdateOrderStatusSchema →
 * UpdateOrderStatusResultSchema
 * GET  /admin/payments                        ?AdminPaymentListQuerySchema → AdminPaymentListSchema
 *   GET  /admin/users                           ?AdminUserListQuerySchema → AdminUserListSchema
 * Trucks, drivers and truck-driver combinations: fleet-schemas.ts.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../order-status';
import { CARGO_TYPES, PRIORITIES } from '../pricing';
import { requiredText } from './auth-schemas';
import { TruckNumberSchema } from './fleet-schemas';
import { ListQuerySchema, listQueryShape, pagingShape, withPageCap } from './list-schemas';
import { orderMapFields } from './map-schemas';
import {
  orderMoneyFields,
  OrderStatusSchema,
  readOrderStatusText,
  TrackingEventSchema,
} from './order-schemas';
import { OrderSourceSchema } from './order-source-schemas';
import { DeliveryAttemptSchema, orderAttemptFields, RETURNS_VIEWS } from './returns-schemas';
import { statusListField } from './status-list-field';
import { EmailAccountRoleSchema, UserTypeSchema } from './user-schemas';

/** The most rows one CSV export holds; narrow the search to export the rest. */
export const EXPORT_ROW_LIMIT = 10_000;

const timestamp = z.iso.datetime({ offset: true });

const placeSchema = z.object({
  city: z.string(),
  /** The street address and city when a street was given, else the city. */
  address: z.string(),
});

/**
 * One order as every admin order list and the status update return it: the union of
 * docs/product.md, section 3's "Admin order as read", "In-transit order" and "All-orders item".
 */
export const AdminOrderSchema = z.object({
  id: z.uuid(),
  /** Same as id: the name the in-transit screen reads. */
  orderId: z.uuid(),
  trackingNumber: z.string(),
  status: OrderStatusSchema,
  priority: z.enum(PRIORITIES),
  cargoType: z.enum(CARGO_TYPES),
  tracking: z.object({
    status: OrderStatusSchema,
    currentLocation: z.string(),
    estimatedDelivery: timestamp.nullable(),
    updatedAt: timestamp,
  }),
  user: z.object({
    id: z.uuid(),
    /** The company name for a company customer, null for an individual. */
    company: z.string().nullable(),
    /** The company name or the individual's full name. */
    name: z.string(),
    email: z.string(),
    userType: UserTypeSchema.nullable(),
  }),
  customer: z.object({ email: z.string() }),
  origin: placeSchema,
  destination: placeSchema,
  pickup_loc: z.string(),
  delivery_loc: z.string(),
  /** Kilograms. */
  weight: z.number(),
  /** MAD. */
  price: z.number(),
  ...orderMoneyFields,
  /** Kilometres. */
  distance: z.number(),
  truckNumber: z.string().nullable(),
  truck: z.object({ id: z.uuid(), truckNumber: z.string(), fullName: z.string() }).nullable(),
  driver: z.object({ id: z.uuid(), name: z.string(), phone: z.string() }).nullable(),
  cancellationReason: z.string().nullable(),
  receiverName: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  exitDate: timestamp.nullable(),
  estimatedDelivery: timestamp.nullable(),
  delivery_date: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** Too many wrong delivery codes: only the office can deliver it now, with a reason. */
  deliveryCodeLocked: z.boolean(),
  /** MAD the driver collected on delivering a cash order; null until then. */
  cashCollected: z.number().nullable(),
  /**
   * MAD missing from what the driver collected against amountToCollect (flagged); null when
   * nothing is missing.
   */
  cashShortfall: z.number().nullable(),
  /**
   * MAD collected above amountToCollect (flagged: the driver hands it in, the order and its payment
   * keep the price); null when nothing is above it.
   */
  cashOverCollection: z.number().nullable(),
  payment: z.object({
    /** MAD. */
    amount: z.number(),
    status: z.enum(PAYMENT_STATUSES),
    method: z.enum(PAYMENT_METHODS),
    paidAt: timestamp.nullable(),
  }),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/**
 * What the office's order page and returns screen add about failed attempts and the return
 * (docs/decisions/0023-failed-deliveries-and-returns.md).
 */
const adminReturnFields = {
  ...orderAttemptFields,
  /** When its return to the sender started, and when the sender had it back. */
  returnStartedAt: timestamp.nullable(),
  returnedAt: timestamp.nullable(),
};
export const AdminOrderListSchema = z.array(AdminOrderSchema);

/** The admin order page: the order with every status it went through, oldest first. */
export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  timeline: z.array(TrackingEventSchema),
  ...orderMapFields,
  /** Placed on the screens, by an organization's API key, or by an import. */
  source: OrderSourceSchema,
  ...adminReturnFields,
  /** Its failed delivery attempts, oldest first (docs/decisions/0023-failed-deliveries-and-returns.md). */
  attempts: z.array(DeliveryAttemptSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const DASHBOARD_SERIES_DAYS = 30;
export const DASHBOARD_RECENT_ORDERS = 5;

/**
 * GET /admin/dashboard: docs/product.md, section 3 "Admin dashboard response", plus a
 * chart series.
 */
export const AdminDashboardSchema = z.object({
  totalOrders: z.number(),
  totalTrucks: z.number(),
  /** Every account, as on the Users screen the card links to. */
  totalUsers: z.number(),
  /** MAD: the sum of paid payments (docs/product.md, decision 15). */
  totalPayments: z.number(),
  /** The newest orders, newest first. */
  recentOrders: z.array(AdminOrderSchema),
  statusCounts: z.record(OrderStatusSchema, z.number()),
  /**
   * The last 30 calendar days in Morocco, oldest first, today included: orders placed that day
   * and revenue (MAD) of the payments marked paid that day.
   */
  series: z.array(z.object({ date: z.iso.date(), orders: z.number(), revenue: z.number() })),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

export const CANCELLATION_REASON_MESSAGE = messageKey('order.cancellation_reason_required');
export const TRUCK_DRIVER_REQUIRED_MESSAGE = messageKey('dispatch.truck_driver_required');

/**
 * Cancelling a pending order needs a reason (docs/product.md, section 5); the
 * cancel dialog uses this too.
 */
export const CancellationReasonSchema = requiredText(CANCELLATION_REASON_MESSAGE).max(
  500,
  messageKey('validation.reason_too_long'),
);

/**
 * POST /api/dashboard/orders/:id/cancel: a customer whose role may cancel withdraws a pending
 * order of their organization, with the office's rule for a reason
 * (docs/decisions/0014-organizations.md).
 */
export const CustomerCancelSchema = z.object({ reason: CancellationReasonSchema });
export type CustomerCancelInput = z.infer<typeof CustomerCancelSchema>;

/**
 * PUT /admin/orders/:id/update-status, the three bodies of docs/product.md, section 7:
 * `{ status: 'IN_TRANSIT', truckNumber, driverId }` confirms a pending order onto a truck and its
 * own driver; `{ status: 'CANCELLED', reason }` cancels (the reason is required while the order
 * is pending); `{ status: 'DELIVERED' }` delivers an order on the road.
 */
export const UpdateOrderStatusSchema = z
  .object({
    status: z
      .string({ error: messageKey('request.param_required', { param: 'status' }) })
      .trim()
      .min(1, messageKey('request.param_required', { param: 'status' }))
      .max(40, messageKey('order.status_unknown'))
      .transform(readOrderStatusText)
      .pipe(z.enum(ORDER_STATUSES, { error: messageKey('order.status_unknown') })),
    reason: z
      .string()
      .trim()
      .max(500, messageKey('validation.reason_too_long'))
      .nullish()
      .transform((reason) => reason || undefined),
    truckNumber: TruckNumberSchema.optional(),
    driverId: z
      .string()
      .trim()
      .max(100, messageKey('validation.too_long', { max: 100 }))
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.status !== 'IN_TRANSIT') return;
    for (const field of ['truckNumber', 'driverId'] as const) {
      if (!body[field]) {
        context.addIssue({ code: 'custom', path: [field], message: TRUCK_DRIVER_REQUIRED_MESSAGE });
      }
    }
  });
export type UpdateOrderStatusInput = z.input<typeof UpdateOrderStatusSchema>;
export type UpdateOrderStatus = z.output<typeof UpdateOrderStatusSchema>;

export const UpdateOrderStatusResultSchema = z.object({
  /**
   * For the toast: messageKey('order.dispatched'), messageKey('order.cancelled'), …
   */
  message: z.string(),
  order: AdminOrderSchema,
});
export type UpdateOrderStatusResult = z.infer<typeof UpdateOrderStatusResultSchema>;

/** One row of the Revenue screen (docs/product.md, section 3 "Payment"). */
export const AdminPaymentSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  trackingNumber: z.string(),
  /** When it was paid, or when it was created while unpaid. */
  date: timestamp,
  /** MAD. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paidAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;
export const AdminPaymentListSchema = z.array(AdminPaymentSchema);

/** q finds the order by the start of its id or tracking number; status: unpaid, pending, paid. */
export const AdminPaymentListQuerySchema = withPageCap(
  z.object({
    ...listQueryShape,
    status: statusListField(PAYMENT_STATUSES, (status) => status.toLowerCase()),
  }),
);
export type AdminPaymentListQuery = z.output<typeof AdminPaymentListQuerySchema>;

/** One row of the Users screen (docs/product.md, section 3 "Admin user list item"). */
export const AdminUserListItemSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  userType: UserTypeSchema.nullable(),
  role: EmailAccountRoleSchema,
  /** Company name, full name, or "Administrator". */
  name: z.string(),
  createdAt: timestamp,
  /** When the office disabled the account (it cannot sign in); null while it is in use. */
  disabledAt: timestamp.nullable(),
});
export type AdminUserListItem = z.infer<typeof AdminUserListItemSchema>;
export const AdminUserListSchema = z.array(AdminUserListItemSchema);

/** q finds part of the email, company name or full name. */
export const AdminUserListQuerySchema = ListQuerySchema;
export type AdminUserListQuery = z.output<typeof AdminUserListQuerySchema>;

/**
 * The office's returns screen (docs/decisions/0023-failed-deliveries-and-returns.md): one of its
 * four views, a page at a time.
 */
export const AdminReturnsQuerySchema = z.object({
  ...pagingShape,
  view: z.enum(RETURNS_VIEWS, {
    error: messageKey('request.param_not_one_of', {
      param: 'view',
      values: RETURNS_VIEWS.join(', '),
    }),
  }),
});
export type AdminReturnsQuery = z.output<typeof AdminReturnsQuerySchema>;

/**
 * One row of the returns screen: the order as every admin list shows it and, in the failed-today
 * view, the attempt that failed today (null in the other views).
 */
export const AdminReturnRowSchema = AdminOrderSchema.extend({
  ...adminReturnFields,
  attempt: DeliveryAttemptSchema.nullable(),
});
export type AdminReturnRow = z.infer<typeof AdminReturnRowSchema>;
export const AdminReturnListSchema = z.array(AdminReturnRowSchema);
