import { findCity } from '#shared/cities';
import { madToCentimes } from '#shared/money';
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import { orgRoleMay } from '#shared/organization-roles';
import { formatDistanceText, formatDurationText } from '#shared/pricing';
import {
  DASHBOARD_LAST_ORDERS,
  type CreateOrder,
  type CustomerDashboard,
  type CustomerOrder,
  type CustomerReturnsList,
  type OrderListQuery,
  type PriceResult,
} from '#shared/schemas/order-schemas';
import type { z } from 'zod';
import type { PriceRequestSchema } from '#shared/schemas/order-schemas';
import type { DashboardReturnsQuery, Reattempt } from '#shared/schemas/returns-schemas';
import type { AuthContext, AuthService } from '../auth/auth-service';
import { exactTotal, type ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import type { DeliveryCodes } from '../drivers/delivery-code';
import { isUniqueViolation } from '../db/unique-violation';
import { isUuid } from '../db/uuid';
import { notFound } from '../http/errors';
import { assertOrgRoleMay } from '../orgs/org-access';
import type { RouteDistanceLookup } from '../routing/route-distance';
import { readBusinessSettings } from '../settings/business-settings-reads';
import type { PositionsService } from '../positions/positions-service';
import type { OrderActor, OrderLifecycle } from './order-lifecycle';
import { countCustomerOrdersByStatus, sumStatusCounts } from './order-count-queries';
import { listCustomerReturns } from './customer-returns-queries';
import { listDeliveryAttempts } from './delivery-attempt-queries';
import { exchangeTakenOf, resolveExchangedOrder } from './exchanges';
import { merchantDecisionsOf } from './merchant-decisions';
import {
  findOrderWithPayment,
  findTrackedOrder,
  listCustomerOrders,
  listTrackingEvents,
  selectNewestAndLastDelivered,
} from './orders-queries';
import { toCustomerOrder, toCustomerOrderDetail, toPublicTracking } from './order-view';
import { createRoutePricing } from './route-pricing';
import { generateTrackingNumber } from './tracking-number';

/** The customer lists of docs/product.md, section 2 and the statuses each one shows. */
export const CUSTOMER_LISTS = {
  orders: ORDER_STATUSES,
  // A parcel coming back to its sender is on a truck too (TRACKING_STATE_STATUSES).
  tracking: ['PENDING', 'CONFIRMED', 'IN_TRANSIT', 'RETURNING'],
  deliveries: ['DELIVERED'],
  canceled: ['CANCELLED'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type CustomerList = keyof typeof CUSTOMER_LISTS;

interface OrdersServiceDeps {
  db: Database;
  routeDistance: RouteDistanceLookup;
  authService: AuthService;
  lifecycle: OrderLifecycle;
  deliveryCodes: DeliveryCodes;
  positionsService: PositionsService;
}

export function createOrdersService({
  db,
  routeDistance,
  authService,
  lifecycle,
  deliveryCodes,
  positionsService,
}: OrdersServiceDeps) {
  const priceRoute = createRoutePricing(routeDistance);

  async function loadOrderDetail(auth: AuthContext, where: { id: string; organizationId: string }) {
    const row = await findOrderWithPayment(db, where);
    if (!row) throw notFound('order.not_found');
    // Only the order's own organization gets here (`where` names it): they pass the code on, the
    // delivery code to the receiver while on the road, the return code to the driver on the way
    // back (docs/decisions/0023-failed-deliveries-and-returns.md).
    const code = deliveryCodes.currentCodeOf(row.order);
    const [events, map, attempts, settings] = await Promise.all([
      listTrackingEvents(db, row.order.id),
      positionsService.mapFieldsOf(row.order),
      row.order.failedAttempts > 0 ? listDeliveryAttempts(db, row.order.id) : [],
      readBusinessSettings(db),
    ]);
    const decisions = merchantDecisionsOf(
      row.order,
      settings.maxDeliveryAttempts,
      orgRoleMay(auth.orgRole, 'cancel'),
    );
    return toCustomerOrderDetail(
      row,
      events,
      {
        deliveryCode: row.order.status === 'IN_TRANSIT' ? code : null,
        returnCode: row.order.status === 'RETURNING' ? code : null,
        attempts,
        ...decisions,
      },
      map,
    );
  }

  /** A member whose role may cancel decides about a parcel of their organization. */
  function decidingActor(auth: AuthContext): OrderActor & { kind: 'customer' } {
    const organizationId = assertOrgRoleMay(auth, 'cancel');
    return { kind: 'customer', userId: auth.userId, organizationId };
  }

  return {
    async quotePrice(request: z.output<typeof PriceRequestSchema>): Promise<PriceResult> {
      const { route, price, vehicle } = await priceRoute(
        request.origin,
        request.destination,
        request.weight,
        request.type,
      );
      return {
        price,
        distance: route.km,
        distanceText: formatDistanceText(route.km),
        duration: formatDurationText(route.minutes),
        durationMinutes: route.minutes,
        vehicle,
        distanceSource: route.source,
      };
    },

    /**
     * The server prices the order itself; whatever price the client sent is ignored. The order is
     * the organization's; its creator is the caller (docs/decisions/0014-organizations.md).
     */
    async createOrder(auth: AuthContext, input: CreateOrder) {
      const organizationId = assertOrgRoleMay(auth, 'book');
      const pickup = findCity(input.pickup_loc)!;
      const delivery = findCity(input.delivery_loc)!;
      const exchangeOf =
        input.exchange_of === undefined
          ? null
          : await resolveExchangedOrder(
              db,
              organizationId,
              { id: input.exchange_of },
              'exchange_of',
            );
      const { route, price } = await priceRoute(pickup, delivery, input.weight, input.priority);
      const priceCentimes = madToCentimes(price);

      for (let attempt = 1; ; attempt += 1) {
        try {
          const order = {
            trackingNumber: generateTrackingNumber(),
            priority: input.priority,
            cargoType: input.cargo_type,
            pickupLoc: pickup.city,
            deliveryLoc: delivery.city,
            pickupAddress: input.pickup_address ?? null,
            deliveryAddress: input.delivery_address ?? null,
            pickupLat: pickup.lat,
            pickupLng: pickup.lng,
            deliveryLat: delivery.lat,
            deliveryLng: delivery.lng,
            weightKg: String(input.weight),
            lengthCm: String(input.length),
            widthCm: String(input.width),
            heightCm: String(input.height),
            receiverName: input.receiver_name ?? null,
            receiverPhone: input.receiver_phone ?? null,
            receiverEmail: input.receiver_email ?? null,
            shipmentInfo: input.shipment_info ?? null,
            shipmentNote: input.shipment_note ?? null,
            priceCentimes,
            codAmountCentimes: madToCentimes(input.cod_amount),
            feePaidBy: input.fee_paid_by,
            declaredValueCentimes:
              input.declared_value === undefined ? null : madToCentimes(input.declared_value),
            distanceKm: String(route.km),
            durationMinutes: route.minutes,
            exchangeOf,
            allowOpen: input.allow_open,
          };
          const { order: placed } = await lifecycle.place(
            { kind: 'customer', userId: auth.userId, organizationId },
            order,
            {
              amountCentimes: priceCentimes,
              method: input.payment_method,
              status: input.payment_method === 'online' ? 'pending' : 'unpaid',
            },
          );
          return { order: await loadOrderDetail(auth, { id: placed.id, organizationId }) };
        } catch (error) {
          const exchangeTaken = exchangeTakenOf(error);
          if (exchangeTaken) throw exchangeTaken;
          // A tracking number drawn twice: draw again (vanishingly rare).
          if (attempt < 3 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },

    async listOrders(
      auth: AuthContext,
      list: CustomerList,
      query: OrderListQuery,
      page: Page,
    ): Promise<{ items: CustomerOrder[]; total: ListTotal }> {
      const organizationId = assertOrgRoleMay(auth, 'readOrders');
      const allowed: readonly OrderStatus[] = CUSTOMER_LISTS[list];
      const statuses = query.status ? query.status.filter((s) => allowed.includes(s)) : allowed;
      if (statuses.length === 0) return { items: [], total: exactTotal(0) };
      const { rows, total } = await listCustomerOrders(
        db,
        {
          organizationId,
          // Every status: no condition at all (a no-op filter only misleads the planner).
          statuses: statuses.length === ORDER_STATUSES.length ? undefined : statuses,
          q: query.q,
        },
        page,
      );
      return { items: rows.map(toCustomerOrder), total };
    },

    async getOrder(auth: AuthContext, id: string) {
      const organizationId = assertOrgRoleMay(auth, 'readOrders');
      if (!isUuid(id)) throw notFound('order.not_found');
      return loadOrderDetail(auth, { id, organizationId });
    },

    /**
     * After a failed attempt, another one on a day of the next 7, perhaps at another phone or
     * address in the same city (docs/decisions/0023-failed-deliveries-and-returns.md).
     */
    async reattemptOrder(auth: AuthContext, id: string, input: Reattempt) {
      const actor = decidingActor(auth);
      await lifecycle.reattempt(id, actor, input);
      return loadOrderDetail(auth, { id, organizationId: actor.organizationId });
    },

    /** After a failed attempt, the parcel comes back now: the return code is on the order. */
    async returnOrder(auth: AuthContext, id: string) {
      const actor = decidingActor(auth);
      await lifecycle.startReturn(id, actor);
      return loadOrderDetail(auth, { id, organizationId: actor.organizationId });
    },

    /** One view of the organization's returns screen: a page and its total. */
    async listReturns(
      auth: AuthContext,
      query: DashboardReturnsQuery,
    ): Promise<CustomerReturnsList> {
      const organizationId = assertOrgRoleMay(auth, 'readOrders');
      const { rows, total } = await listCustomerReturns(db, organizationId, query.view, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { orders: rows.map(toCustomerOrder), total: total.count };
    },

    /** A member whose role may cancel withdraws a pending order of their organization. */
    async cancelOrder(auth: AuthContext, id: string, reason: string) {
      const organizationId = assertOrgRoleMay(auth, 'cancel');
      await lifecycle.cancelByCustomer(
        id,
        { kind: 'customer', userId: auth.userId, organizationId },
        { reason },
      );
      return loadOrderDetail(auth, { id, organizationId });
    },

    async getDashboard(auth: AuthContext): Promise<CustomerDashboard> {
      const organizationId = assertOrgRoleMay(auth, 'readOrders');
      const [user, statusCounts, { newest, lastDelivered }] = await Promise.all([
        authService.profile(auth),
        countCustomerOrdersByStatus(db, organizationId),
        selectNewestAndLastDelivered(db, organizationId, DASHBOARD_LAST_ORDERS),
      ]);
      const totalOrders = sumStatusCounts(statusCounts, ORDER_STATUSES);
      const statusPercentages = Object.fromEntries(
        ORDER_STATUSES.map((s) => [
          s,
          totalOrders ? Math.round((statusCounts[s] / totalOrders) * 100) : 0,
        ]),
      ) as Record<OrderStatus, number>;
      const lastOrders = newest.map(toCustomerOrder);
      return {
        user,
        lastDelivered: lastDelivered ? toCustomerOrder(lastDelivered) : null,
        recentShipped: lastOrders[0] ?? null,
        lastOrders,
        totalOrders,
        statusCounts,
        statusPercentages,
      };
    },

    async trackShipment(trackingNumber: string) {
      const order = await findTrackedOrder(db, trackingNumber.trim().toUpperCase());
      if (!order) throw notFound('order.tracking_not_found');
      const [events, map] = await Promise.all([
        listTrackingEvents(db, order.id),
        positionsService.publicMapFieldsOf(order),
      ]);
      return toPublicTracking(order, events, map);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
