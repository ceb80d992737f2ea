import { addDays, businessDayStart, listDaysUpTo, toBusinessDate } from '#shared/business-calendar';
import { ADMIN_STATUS_TRANSITIONS } from '#shared/order-lifecycle';
import { centimesToMad } from '#shared/money';
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import {
  DASHBOARD_RECENT_ORDERS,
  DASHBOARD_SERIES_DAYS,
  type AdminDashboard,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminPayment,
  type AdminPaymentListQuery,
  type AdminReturnRow,
  type AdminReturnsQuery,
  type UpdateOrderStatus,
  type UpdateOrderStatusResult,
} from '#shared/schemas/admin-schemas';
import { DECISION_WAIT_HOURS } from '#shared/delivery-attempts';
import type { OfficeActor } from '../audit/office-actions';
import { exactTotal, type ListTotal } from '../db/list-total';
import type { OrderListQuery } from '#shared/schemas/order-schemas';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { isUuid } from '../db/uuid';
import { englishText } from '#shared/i18n/message-catalogs';
import type { MessageCode } from '#shared/i18n/message-key';
import { conflictOf, notFound } from '../http/errors';
import {
  explainRefusedTransition,
  officeActor,
  type OrderLifecycle,
} from '../orders/order-lifecycle';
import type { RunsService } from '../runs/runs-service';
import type { PositionsService } from '../positions/positions-service';
import {
  findAdminOrder,
  findAdminOrderDetail,
  listAdminOrders,
  listAdminReturns,
  listDeliveryAttempts,
  listTrackingEvents,
  parseOrderSearch,
  readAdminDashboard,
  sumStatusCounts,
} from '../orders/order-reads';
import { listPayments } from './payments-queries';
import { toAdminOrder, toAdminOrderDetail, toAdminPayment, toAdminReturnRow } from './admin-view';

/** The admin order lists of docs/product.md, section 2 and the statuses each one may show. */
const ADMIN_ORDER_LISTS = {
  all: ORDER_STATUSES,
  pending: ['PENDING'],
  delivered: ['DELIVERED'],
  cancelled: ['CANCELLED'],
  // The Tracking list shows parcels coming back to their sender beside those on their way out
  // (docs/decisions/0023-failed-deliveries-and-returns.md).
  inTransit: ['IN_TRANSIT', 'RETURNING'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type AdminOrderList = keyof typeof ADMIN_ORDER_LISTS;

/** The toasts of docs/product.md, section 8 read these back. */
const TRANSITION_MESSAGES: Partial<Record<OrderStatus, MessageCode>> = {
  IN_TRANSIT: 'order.dispatched',
  CANCELLED: 'order.cancelled',
  DELIVERED: 'order.delivered',
  RETURNING: 'returns.return_started',
  RETURNED: 'returns.return_recorded',
};

const HOUR_MS = 60 * 60 * 1000;

interface AdminServiceDeps {
  db: Database;
  clock: () => Date;
  lifecycle: OrderLifecycle;
  positionsService: PositionsService;
  /** Where a confirmed order goes on its truck's run (src/server/runs/runs-service.ts). */
  runs: Pick<RunsService, 'placeOnTruck'>;
}

export function createAdminService({
  db,
  clock,
  lifecycle,
  positionsService,
  runs,
}: AdminServiceDeps) {
  let chartDays: { lastDay: string; days: string[]; dayStarts: Date[] } | undefined;

  /**
   * The chart's days up to `lastDay`, with each day's first UTC hour and then the next day's: the
   * days are Morocco's (docs/product.md, decision 10), decided by Node's time-zone data, since
   * PGlite's puts Casablanca at UTC+0. Kept until the day turns: every view asks for the same.
   */
  function chartDaysUpTo(lastDay: string) {
    if (chartDays?.lastDay !== lastDay) {
      const days = listDaysUpTo(lastDay, DASHBOARD_SERIES_DAYS);
      const dayStarts = [...days, addDays(lastDay, 1)].map(businessDayStart);
      chartDays = { lastDay, days, dayStarts };
    }
    return chartDays;
  }

  async function loadAdminOrder(orderId: string): Promise<AdminOrder> {
    const row = await findAdminOrder(db, orderId);
    if (!row) throw notFound('order.not_found');
    return toAdminOrder(row);
  }

  /** What an office action answers: its toast's words and the order as it now is. */
  async function answerFor(orderId: string, status: OrderStatus): Promise<UpdateOrderStatusResult> {
    return {
      message: englishText({ code: TRANSITION_MESSAGES[status]!, params: {} }),
      order: await loadAdminOrder(orderId),
    };
  }

  return {
    async listOrders(
      list: AdminOrderList,
      query: OrderListQuery,
      page: Page,
    ): Promise<{ items: AdminOrder[]; total: ListTotal }> {
      const allowed: readonly OrderStatus[] = ADMIN_ORDER_LISTS[list];
      const statuses = query.status ? query.status.filter((s) => allowed.includes(s)) : allowed;
      if (statuses.length === 0) return { items: [], total: exactTotal(0) };
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
      const row = isUuid(orderId) ? await findAdminOrderDetail(db, orderId) : undefined;
      if (!row) throw notFound('order.not_found');
      const [events, attempts, map] = await Promise.all([
        listTrackingEvents(db, row.order.id),
        listDeliveryAttempts(db, row.order.id),
        positionsService.mapFieldsOf(row.order),
      ]);
      return toAdminOrderDetail(row, events, attempts, map);
    },

    async listPayments(
      query: AdminPaymentListQuery,
      page: Page,
    ): Promise<{ items: AdminPayment[]; total: ListTotal }> {
      const { rows, total } = await listPayments(
        db,
        { statuses: query.status, search: query.q ? parseOrderSearch(query.q) : undefined },
        page,
      );
      return { items: rows.map(toAdminPayment), total };
    },

    /**
     * The returns screen's views (docs/decisions/0023-failed-deliveries-and-returns.md): today's
     * failed attempts, the merchants' decisions waiting for more than DECISION_WAIT_HOURS, the
     * parcels on their way back (by driver) and those returned.
     */
    async listReturns(
      query: AdminReturnsQuery,
      page: Page,
    ): Promise<{ items: AdminReturnRow[]; total: ListTotal }> {
      const now = clock();
      const today = toBusinessDate(now);
      const { rows, total } = await listAdminReturns(
        db,
        query.view,
        {
          todayStart: businessDayStart(today),
          tomorrowStart: businessDayStart(addDays(today, 1)),
          waitingSince: new Date(now.getTime() - DECISION_WAIT_HOURS * HOUR_MS),
        },
        page,
      );
      return { items: rows.map(toAdminReturnRow), total };
    },

    /**
     * The office sends a parcel on the road back to its sender, saying why; the lifecycle
     * refuses it once the parcel is delivered, returning or over, and writes the audit row.
     */
    async startReturn(
      orderId: string,
      input: { reason: string },
      office: OfficeActor,
    ): Promise<UpdateOrderStatusResult> {
      await lifecycle.startReturn(orderId, officeActor(office), { reason: input.reason });
      return answerFor(orderId, 'RETURNING');
    },

    /** The sender has the parcel back but the return code is lost: the office records it. */
    async recordReturn(
      orderId: string,
      input: { reason: string },
      office: OfficeActor,
    ): Promise<UpdateOrderStatusResult> {
      await lifecycle.deliverReturn(orderId, officeActor(office), { reason: input.reason });
      return answerFor(orderId, 'RETURNED');
    },

    async getDashboard(): Promise<AdminDashboard> {
      const { days, dayStarts } = chartDaysUpTo(toBusinessDate(clock()));
      const { summary, recent } = await readAdminDashboard(db, dayStarts, DASHBOARD_RECENT_ORDERS);
      return {
        totalOrders: sumStatusCounts(summary.statusCounts, ORDER_STATUSES),
        totalTrucks: summary.trucks,
        totalUsers: summary.webUsers,
        totalPayments: centimesToMad(summary.paidCentimes),
        recentOrders: recent.map(toAdminOrder),
        statusCounts: summary.statusCounts,
        series: days.map((date, n) => ({
          date,
          orders: summary.dailyTotals[n]!.orders,
          revenue: centimesToMad(summary.dailyTotals[n]!.paidCentimes),
        })),
      };
    },

    /**
     * The back office's status change (PUT update-status): the target status names one transition
     * of the order lifecycle, which does the work (docs/product.md, decisions 5 and 15) and
     * writes its audit row (docs/decisions/0016-audit-trail.md).
     */
    async updateOrderStatus(
      orderId: string,
      input: UpdateOrderStatus,
      office: OfficeActor,
    ): Promise<UpdateOrderStatusResult> {
      if (!isUuid(orderId)) throw notFound('order.not_found');
      const actor = officeActor(office);
      switch (ADMIN_STATUS_TRANSITIONS[input.status]) {
        case 'dispatch':
          await lifecycle.dispatch(orderId, actor, {
            truckNumber: input.truckNumber!,
            driverId: input.driverId!,
            stops: await runs.placeOnTruck(input.truckNumber!, orderId),
          });
          break;
        case 'deliver':
          await lifecycle.deliver(orderId, actor, { reason: input.reason });
          break;
        case 'cancel':
          await lifecycle.cancel(orderId, actor, { reason: input.reason });
          break;
        default: {
          // No transition leads to this status; the order's own status words the refusal.
          const current = await loadAdminOrder(orderId);
          throw conflictOf([explainRefusedTransition(current.status, input.status)]);
        }
      }
      return answerFor(orderId, input.status);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
