import type { FastifyBaseLogger } from 'fastify';
import { listDaysUpTo, toBusinessDate } from '../../shared/business-calendar';
import { findDispatchProblems } from '../../shared/fleet-rules';
import { canTransition, ORDER_STATUSES, type OrderStatus } from '../../shared/order-status';
import {
  CANCELLATION_REASON_MESSAGE,
  CancellationReasonSchema,
  DASHBOARD_RECENT_ORDERS,
  DASHBOARD_SERIES_DAYS,
  type AdminDashboard,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminPayment,
  type AdminPaymentListQuery,
  type UpdateOrderStatus,
  type UpdateOrderStatusResult,
} from '../../shared/schemas/admin-schemas';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { findUniqueViolationConstraint } from '../db/unique-violation';
import { isUuid } from '../db/uuid';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import type {
  NotificationsService,
  OrderChange,
  PendingNotice,
} from '../notifications/notifications-service';
import { centimesToMad } from '../orders/order-view';
import {
  countOrdersByStatus,
  countTrucks,
  countUsers,
  findAdminOrder,
  insertTrackingEvent,
  listAdminOrders,
  listOrderEvents,
  listPayments,
  lockOrder,
  lockTruck,
  markPaymentPaid,
  sumPaidCentimes,
  summarizeDays,
  updateOrder,
  updateTruck,
  type OrderRow,
} from './admin-queries';
import { toAdminOrder, toAdminOrderDetail, toAdminPayment } from './admin-view';
import { parseOrderSearch } from './order-search';

/** The admin order lists of SPEC section 2 and the statuses each one may show. */
const ADMIN_ORDER_LISTS = {
  all: ORDER_STATUSES,
  pending: ['PENDING'],
  delivered: ['DELIVERED'],
  cancelled: ['CANCELLED'],
  inTransit: ['IN_TRANSIT'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type AdminOrderList = keyof typeof ADMIN_ORDER_LISTS;

const ORDER_NOT_FOUND = 'Order not found';
const TRUCK_BUSY = (truckNumber: string) => `Truck ${truckNumber} is already on a delivery`;
/** DESIGN decision 5: the database's own last line of defence against a double dispatch. */
const ONE_IN_TRANSIT_PER_TRUCK = 'orders_one_in_transit_per_truck';

/** The toasts of SPEC section 8 read these back. */
const TRANSITION_MESSAGES: Partial<Record<OrderStatus, string>> = {
  IN_TRANSIT: 'Order confirmed and assigned successfully',
  CANCELLED: 'Order cancelled successfully',
  DELIVERED: 'Order status updated to DELIVERED',
};

function explainRefusedTransition(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `This order is already ${from}`;
  if (from === 'DELIVERED' || from === 'CANCELLED') {
    return `This order is ${from} and can no longer change`;
  }
  return `An order cannot go from ${from} to ${to}`;
}

interface AdminServiceDeps {
  db: Database;
  log: FastifyBaseLogger;
  clock: () => Date;
  notificationsService: NotificationsService;
}

interface TransitionContext {
  tx: Database;
  order: OrderRow;
  input: UpdateOrderStatus;
  actorUserId: string;
  now: Date;
}

/** Each transition answers what changed, for the customer's notification. */
type Transition = (context: TransitionContext) => Promise<OrderChange>;

export function createAdminService({ db, log, clock, notificationsService }: AdminServiceDeps) {
  /** PENDING → IN_TRANSIT onto an available truck and its own driver, within every safeguard. */
  async function dispatch({
    tx,
    order,
    input,
    actorUserId,
    now,
  }: TransitionContext): Promise<OrderChange> {
    const truckNumber = input.truckNumber!;
    const found = await lockTruck(tx, { truckNumber });
    if (!found) {
      throw new BadRequestError(`There is no truck with plate number ${truckNumber}`, {
        truckNumber: 'Unknown truck',
      });
    }
    const { truck, driver } = found;
    if (truck.driverId !== input.driverId?.toLowerCase()) {
      throw new BadRequestError('The driver is not the driver of this truck', {
        driverId: 'The driver is not the driver of this truck',
      });
    }
    if (truck.status !== 'AVAILABLE') throw new ConflictError(TRUCK_BUSY(truck.truckNumber));
    const problems = findDispatchProblems(
      {
        truckNumber: truck.truckNumber,
        capacityKg: Number(truck.capacityKg),
        licenseExpire: driver.licenseExpire,
        technicalDate: truck.technicalDate,
      },
      Number(order.weightKg),
      toBusinessDate(now),
    );
    if (problems.length > 0) {
      throw new ConflictError(problems.map((problem) => problem.message).join('. '));
    }
    const estimatedDelivery = new Date(now.getTime() + order.durationMinutes * 60_000);
    await updateTruck(tx, truck.id, { status: 'ON_DELIVERY', updatedAt: now });
    await updateOrder(tx, order.id, {
      status: 'IN_TRANSIT',
      truckId: truck.id,
      driverId: truck.driverId,
      exitDate: now,
      estimatedDelivery,
      updatedAt: now,
    });
    await insertTrackingEvent(tx, {
      orderId: order.id,
      status: 'IN_TRANSIT',
      location: order.pickupLoc,
      note: `On the road with truck ${truck.truckNumber} (driver ${driver.fullName})`,
      actorUserId,
      createdAt: now,
    });
    return { status: 'IN_TRANSIT', truckNumber: truck.truckNumber, estimatedDelivery };
  }

  /** DESIGN decision 15: a pending order needs a reason; one on the road may omit it. */
  async function cancel({
    tx,
    order,
    input,
    actorUserId,
    now,
  }: TransitionContext): Promise<OrderChange> {
    if (order.status === 'PENDING' && !CancellationReasonSchema.safeParse(input.reason).success) {
      throw new BadRequestError(CANCELLATION_REASON_MESSAGE, {
        reason: CANCELLATION_REASON_MESSAGE,
      });
    }
    if (order.truckId && order.status === 'IN_TRANSIT') {
      await updateTruck(tx, order.truckId, { status: 'AVAILABLE', updatedAt: now });
    }
    await updateOrder(tx, order.id, {
      status: 'CANCELLED',
      cancelReason: input.reason ?? null,
      updatedAt: now,
    });
    await insertTrackingEvent(tx, {
      orderId: order.id,
      status: 'CANCELLED',
      location: order.pickupLoc,
      note: input.reason ?? 'Cancelled',
      actorUserId,
      createdAt: now,
    });
    return { status: 'CANCELLED', reason: input.reason ?? null };
  }

  /** IN_TRANSIT → DELIVERED: the truck is free again and the payment is settled. */
  async function deliver({ tx, order, actorUserId, now }: TransitionContext): Promise<OrderChange> {
    if (order.truckId) {
      await updateTruck(tx, order.truckId, { status: 'AVAILABLE', updatedAt: now });
    }
    await updateOrder(tx, order.id, { status: 'DELIVERED', deliveryDate: now, updatedAt: now });
    await markPaymentPaid(tx, order.id, now);
    await insertTrackingEvent(tx, {
      orderId: order.id,
      status: 'DELIVERED',
      location: order.deliveryLoc,
      note: 'Delivered',
      actorUserId,
      createdAt: now,
    });
    return { status: 'DELIVERED', deliveredAt: now };
  }

  const transitions: Partial<Record<OrderStatus, Transition>> = {
    IN_TRANSIT: dispatch,
    CANCELLED: cancel,
    DELIVERED: deliver,
  };

  async function loadAdminOrder(orderId: string): Promise<AdminOrder> {
    const row = await findAdminOrder(db, orderId);
    if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
    return toAdminOrder(row);
  }

  return {
    async listOrders(
      list: AdminOrderList,
      query: AdminOrderListQuery,
      page: Page,
    ): Promise<{ items: AdminOrder[]; total: number }> {
      const allowed: readonly OrderStatus[] = ADMIN_ORDER_LISTS[list];
      const statuses = query.status ? query.status.filter((s) => allowed.includes(s)) : allowed;
      if (statuses.length === 0) return { items: [], total: 0 };
      const { rows, total } = await listAdminOrders(
        db,
        {
          // Every status: no condition at all, so the planner walks the creation-date index.
          statuses: statuses.length === ORDER_STATUSES.length ? undefined : statuses,
          search: query.q ? parseOrderSearch(query.q) : undefined,
        },
        page,
      );
      return { items: rows.map(toAdminOrder), total };
    },

    /** One order with its timeline; a malformed id is as unknown as a missing one. */
    async getOrder(orderId: string): Promise<AdminOrderDetail> {
      const row = isUuid(orderId) ? await findAdminOrder(db, orderId) : undefined;
      if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
      return toAdminOrderDetail(row, await listOrderEvents(db, row.order.id));
    },

    async listPayments(
      query: AdminPaymentListQuery,
      page: Page,
    ): Promise<{ items: AdminPayment[]; total: number }> {
      const { rows, total } = await listPayments(
        db,
        { statuses: query.status, search: query.q ? parseOrderSearch(query.q) : undefined },
        page,
      );
      return { items: rows.map(toAdminPayment), total };
    },

    async getDashboard(): Promise<AdminDashboard> {
      const days = listDaysUpTo(toBusinessDate(clock()), DASHBOARD_SERIES_DAYS);
      const [statusRows, totalTrucks, totalUsers, paidCentimes, recent, perDay] = await Promise.all(
        [
          countOrdersByStatus(db),
          countTrucks(db),
          countUsers(db),
          sumPaidCentimes(db),
          listAdminOrders(db, {}, { limit: DASHBOARD_RECENT_ORDERS, offset: 0 }),
          summarizeDays(db, days[0]!, days.at(-1)!),
        ],
      );
      const statusCounts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
        OrderStatus,
        number
      >;
      for (const { status, count } of statusRows) statusCounts[status] = count;
      const ordersByDay = new Map(perDay.orders.map(({ day, count }) => [day, count]));
      const revenueByDay = new Map(perDay.revenue.map(({ day, centimes }) => [day, centimes]));
      return {
        totalOrders: statusRows.reduce((sum, { count }) => sum + count, 0),
        totalTrucks,
        totalUsers,
        totalPayments: centimesToMad(paidCentimes),
        recentOrders: recent.rows.map(toAdminOrder),
        statusCounts,
        series: days.map((date) => ({
          date,
          orders: ordersByDay.get(date) ?? 0,
          revenue: centimesToMad(revenueByDay.get(date) ?? 0),
        })),
      };
    },

    /**
     * One transition of DESIGN decisions 5 and 15, in one transaction: the order's row is
     * locked first, then the truck's, so two admins acting at once queue instead of both
     * seeing a free truck.
     */
    async updateOrderStatus(
      orderId: string,
      input: UpdateOrderStatus,
      actorUserId: string,
    ): Promise<UpdateOrderStatusResult> {
      if (!isUuid(orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
      const now = clock();
      let from: OrderStatus | undefined;
      let notice: PendingNotice;
      try {
        notice = await db.transaction(async (tx) => {
          const order = await lockOrder(tx, orderId);
          if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
          from = order.status;
          const apply = transitions[input.status];
          if (!apply || !canTransition(order.status, input.status)) {
            throw new ConflictError(explainRefusedTransition(order.status, input.status));
          }
          const change = await apply({ tx, order, input, actorUserId, now });
          return notificationsService.recordOrderChange(tx, order, change);
        });
      } catch (error) {
        if (findUniqueViolationConstraint(error) === ONE_IN_TRANSIT_PER_TRUCK) {
          throw new ConflictError(TRUCK_BUSY(input.truckNumber ?? 'this truck'));
        }
        throw error;
      }
      log.info({ orderId, from, to: input.status, actorUserId }, 'order status changed');
      notificationsService.sendNotice(notice);
      return {
        message: TRANSITION_MESSAGES[input.status]!,
        order: await loadAdminOrder(orderId),
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
