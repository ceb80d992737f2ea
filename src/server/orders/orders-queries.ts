import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import type { Database } from '../db/open-database';
import { escapeLikePattern } from '../db/like-pattern';
import { countUpTo, exactTotal, type ListTotal } from '../db/list-total';
import type { Page } from '../db/page';
import { preparedOnce, statementKey } from '../db/prepared-statements';
import { apiKeys, orders, payments, trackingEvents, trucks } from '../db/schema';
import { countCustomerOrdersByStatus, countersTotal, sumStatusCounts } from './order-count-queries';
import { newestOrdersFirst, pickOrderIds, readOrderPage } from './order-page-queries';

/**
 * The order columns that a map of the order and its arrival estimate need (`MappableOrder`,
 * src/server/positions/positions-service.ts): every read that shows a map selects them.
 */
export const orderMapColumns = {
  status: orders.status,
  runId: orders.runId,
  driverId: orders.driverId,
  exitDate: orders.exitDate,
  pickedUpAt: orders.pickedUpAt,
  pickupLat: orders.pickupLat,
  pickupLng: orders.pickupLng,
  deliveryLat: orders.deliveryLat,
  deliveryLng: orders.deliveryLng,
  distanceKm: orders.distanceKm,
  durationMinutes: orders.durationMinutes,
};

/**
 * What a run's stop shows and weighs of its order (RunOrderFacts and RunStopOrder,
 * src/shared/run-stops.ts and src/server/runs/run-view.ts): the runs, the planner and the driver's
 * run select them.
 */
export const runStopOrderColumns = {
  id: orders.id,
  trackingNumber: orders.trackingNumber,
  pickupLoc: orders.pickupLoc,
  deliveryLoc: orders.deliveryLoc,
  pickupAddress: orders.pickupAddress,
  deliveryAddress: orders.deliveryAddress,
  pickupLat: orders.pickupLat,
  pickupLng: orders.pickupLng,
  deliveryLat: orders.deliveryLat,
  deliveryLng: orders.deliveryLng,
  weightKg: orders.weightKg,
  lengthCm: orders.lengthCm,
  widthCm: orders.widthCm,
  heightCm: orders.heightCm,
  quantity: orders.quantity,
  distanceKm: orders.distanceKm,
  durationMinutes: orders.durationMinutes,
};

/** What an order asks the driver to collect (order-view.ts, toOrderMoney): read by every order list. */
export const orderMoneyColumns = {
  codAmountCentimes: orders.codAmountCentimes,
  feePaidBy: orders.feePaidBy,
  declaredValueCentimes: orders.declaredValueCentimes,
  amountToCollectCentimes: orders.amountToCollectCentimes,
};

/**
 * An order's failed attempts and what the receiver and the merchant asked (order-view.ts,
 * toOrderAttempts): read by the customer's and the office's order lists.
 */
export const orderAttemptColumns = {
  failedAttempts: orders.failedAttempts,
  nextAttemptOn: orders.nextAttemptOn,
  awaitingDecisionSince: orders.awaitingDecisionSince,
  returnReason: orders.returnReason,
  receiverInstructions: orders.receiverInstructions,
  receiverOtherPhone: orders.receiverOtherPhone,
  allowOpen: orders.allowOpen,
  exchangeOf: orders.exchangeOf,
};

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;

export interface OrderWithPayment {
  order: OrderRow;
  payment: PaymentRow | null;
  truckNumber: string | null;
  /** The name of the API key that placed the order (order-view.ts, toOrderSource). */
  apiKeyName: string | null;
}

/** What a customer's order list shows of each order (order-view.ts, toCustomerOrder). */
const listedOrderFields = {
  id: orders.id,
  trackingNumber: orders.trackingNumber,
  status: orders.status,
  priority: orders.priority,
  cargoType: orders.cargoType,
  pickupLoc: orders.pickupLoc,
  deliveryLoc: orders.deliveryLoc,
  pickupAddress: orders.pickupAddress,
  deliveryAddress: orders.deliveryAddress,
  weightKg: orders.weightKg,
  lengthCm: orders.lengthCm,
  widthCm: orders.widthCm,
  heightCm: orders.heightCm,
  quantity: orders.quantity,
  shipmentInfo: orders.shipmentInfo,
  shipmentNote: orders.shipmentNote,
  cancelReason: orders.cancelReason,
  deliveryDate: orders.deliveryDate,
  distanceKm: orders.distanceKm,
  durationMinutes: orders.durationMinutes,
  priceCentimes: orders.priceCentimes,
  ...orderMoneyColumns,
  receiverName: orders.receiverName,
  receiverPhone: orders.receiverPhone,
  receiverEmail: orders.receiverEmail,
  exitDate: orders.exitDate,
  estimatedDelivery: orders.estimatedDelivery,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  ...orderAttemptColumns,
};

const listedPaymentFields = {
  amountCentimes: payments.amountCentimes,
  currency: payments.currency,
  method: payments.method,
  status: payments.status,
};

/** A row of a customer's order list: only what the list shows, its busiest read kept narrow. */
export interface ListedOrder {
  order: Pick<OrderRow, keyof typeof listedOrderFields>;
  payment: Pick<PaymentRow, keyof typeof listedPaymentFields> | null;
  truckNumber: string | null;
}

/** A customer's orders as their lists show them, with `extra` columns beside (a list's total). */
export function selectListedOrders<Extra extends Record<string, SQL>>(
  db: Database,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      order: listedOrderFields,
      payment: listedPaymentFields,
      truckNumber: trucks.truckNumber,
      ...extra,
    })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(trucks, eq(trucks.id, orders.truckId));
}

/** An order with all of its payment, for the order's own page, and the key that placed it. */
function selectOrdersWithPayment(db: Database) {
  return db
    .select({
      order: orders,
      payment: payments,
      truckNumber: trucks.truckNumber,
      apiKeyName: apiKeys.name,
    })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(trucks, eq(trucks.id, orders.truckId))
    .leftJoin(apiKeys, eq(apiKeys.id, orders.apiKeyId));
}

/** A customer's lists show their organization's orders (docs/decisions/0014-organizations.md). */
export interface CustomerOrderFilter {
  organizationId: string;
  statuses?: readonly OrderStatus[];
  q?: string;
}

function customerOrderConditions({
  organizationId,
  statuses,
  q,
}: CustomerOrderFilter): SQL | undefined {
  const conditions: SQL[] = [eq(orders.organizationId, organizationId)];
  if (statuses && statuses.length > 0) conditions.push(inArray(orders.status, [...statuses]));
  if (q) {
    const text = escapeLikePattern(q);
    conditions.push(
      or(
        // Ids are shown shortened from either end, so both ends are searched.
        ilike(sql`${orders.id}::text`, `${text}%`),
        ilike(sql`${orders.id}::text`, `%${text}`),
        ilike(orders.trackingNumber, `%${text}%`),
        ilike(orders.deliveryLoc, `%${text}%`),
        ilike(orders.pickupLoc, `%${text}%`),
      )!,
    );
  }
  return and(...conditions);
}

/** One page of a customer's orders, newest first: the ids from the orders alone, then joined. */
function selectCustomerPageRows(db: Database, pageIds: SQL) {
  return selectListedOrders(db).where(sql`${orders.id} in (${pageIds})`);
}

/**
 * One page of a customer's unsearched orders, newest first, and their total from the counters:
 * the hot read behind every customer list screen (docs/architecture.md, "Lists at scale").
 */
async function selectCustomerOrderPage(
  db: Database,
  { organizationId, statuses }: CustomerOrderFilter,
  page: Page,
): Promise<{ rows: ListedOrder[]; total: ListTotal }> {
  const theirs = eq(orders.organizationId, sql.placeholder('organizationId'));
  const ids = {
    name: `customer_order_page_ids_${statementKey(statuses)}`,
    where: and(theirs, statuses ? inArray(orders.status, [...statuses]) : undefined),
    values: { organizationId },
    anchorScope: theirs,
  };
  const { rows, total } = await readOrderPage(
    db,
    ids,
    page,
    'customer_order_page_rows',
    (idIsOneOf, totalColumn) => selectListedOrders(db, { total: totalColumn }).where(idIsOneOf),
    {
      sql: countersTotal(statuses, 'customer'),
      readAlone: async () =>
        sumStatusCounts(
          await countCustomerOrdersByStatus(db, organizationId),
          statuses ?? ORDER_STATUSES,
        ),
    },
  );
  return { rows, total: exactTotal(total) };
}

/**
 * The customer dashboard's orders in one statement: the customer's `count` newest orders, and
 * their newest delivered one, newest first. The ids of both come as arrays (`= any`, which an
 * index scan of the orders' key takes; `in (…) or in (…)` would read every order); the delivered
 * one, when not among the newest, is older than all of them, so it sorts last.
 */
export async function selectNewestAndLastDelivered(
  db: Database,
  organizationId: string,
  count: number,
): Promise<{ newest: ListedOrder[]; lastDelivered: ListedOrder | undefined }> {
  const customer = eq(orders.organizationId, sql.placeholder('organizationId'));
  const newest = pickOrderIds({ where: customer, count });
  const lastDelivered = pickOrderIds({
    where: and(customer, eq(orders.status, 'DELIVERED')),
    count: 1,
  });
  const rows = await preparedOnce(db, `customer_newest_and_delivered_${count}`, (name) =>
    selectListedOrders(db)
      .where(sql`${orders.id} = any(array(${newest}) || array(${lastDelivered}))`)
      .orderBy(...newestOrdersFirst)
      .prepare(name),
  ).execute({ organizationId });
  return {
    newest: rows.slice(0, count),
    lastDelivered: rows.find((row) => row.order.status === 'DELIVERED'),
  };
}

/**
 * A page of a customer's orders and the total matching. `statuses` left out means every status:
 * no condition at all, so the plan never hinges on how common each status is.
 */
export async function listCustomerOrders(
  db: Database,
  filter: CustomerOrderFilter,
  page: Page,
): Promise<{ rows: ListedOrder[]; total: ListTotal }> {
  if (!filter.q) return selectCustomerOrderPage(db, filter, page);
  const [rows, total] = await Promise.all([
    selectCustomerPageRows(
      db,
      sql`select ${orders.id} from ${orders} where ${customerOrderConditions(filter)}
        order by ${orders.createdAt} desc, ${orders.id} desc
        limit ${page.limit} offset ${page.offset}`,
    ).orderBy(...newestOrdersFirst),
    countUpTo(
      db,
      db.select({ id: orders.id }).from(orders).where(customerOrderConditions(filter)).$dynamic(),
    ),
  ]);
  return { rows, total };
}

/** What the public tracking page shows of an order, and what its map needs. */
const trackedOrderColumns = {
  id: orders.id,
  trackingNumber: orders.trackingNumber,
  pickupLoc: orders.pickupLoc,
  deliveryLoc: orders.deliveryLoc,
  createdAt: orders.createdAt,
  estimatedDelivery: orders.estimatedDelivery,
  deliveryDate: orders.deliveryDate,
  amountToCollectCentimes: orders.amountToCollectCentimes,
  ...orderMapColumns,
};

export type TrackedOrder = Pick<OrderRow, keyof typeof trackedOrderColumns>;

/**
 * An order by tracking number, for anyone who has the number: only what the tracking page shows,
 * which also keeps the busiest public read narrow.
 */
export async function findTrackedOrder(
  db: Database,
  trackingNumber: string,
): Promise<TrackedOrder | undefined> {
  const [row] = await preparedOnce(db, 'tracked_order', (name) =>
    db
      .select(trackedOrderColumns)
      .from(orders)
      .where(eq(orders.trackingNumber, sql.placeholder('trackingNumber')))
      .limit(1)
      .prepare(name),
  ).execute({ trackingNumber });
  return row;
}

/** An order with its payment and truck, by id (of this customer's organization, when given). */
export async function findOrderWithPayment(
  db: Database,
  where: { id: string; organizationId?: string },
): Promise<OrderWithPayment | undefined> {
  if (where.organizationId) {
    const [row] = await preparedOnce(db, 'customer_order_by_id', (name) =>
      selectOrdersWithPayment(db)
        .where(
          and(
            eq(orders.id, sql.placeholder('id')),
            eq(orders.organizationId, sql.placeholder('organizationId')),
          ),
        )
        .limit(1)
        .prepare(name),
    ).execute(where);
    return row;
  }
  const [row] = await preparedOnce(db, 'order_by_id', (name) =>
    selectOrdersWithPayment(db)
      .where(eq(orders.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  ).execute(where);
  return row;
}

export async function listTrackingEvents(
  db: Database,
  orderId: string,
): Promise<TrackingEventRow[]> {
  return preparedOnce(db, 'order_tracking_events', (name) =>
    db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.orderId, sql.placeholder('orderId')))
      .orderBy(asc(trackingEvents.createdAt), asc(trackingEvents.id))
      .prepare(name),
  ).execute({ orderId });
}

/** The order's weight, for the trucks that can carry it. */
export async function findOrderWeightKg(
  db: Database,
  orderId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ weightKg: orders.weightKg })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ? Number(row.weightKg) : undefined;
}

/** An order another may exchange: its status, and whether an exchange already names it. */
export interface ExchangeCandidate {
  id: string;
  trackingNumber: string;
  status: OrderStatus;
  exchanged: boolean;
}

/**
 * An order of this organization by id or by tracking number, for an exchange to name
 * (docs/decisions/0023-failed-deliveries-and-returns.md, "Exchanges"); `exchanged` reads the
 * unique index orders_exchange_of_unique.
 */
const exchangeCandidateColumns = {
  id: orders.id,
  trackingNumber: orders.trackingNumber,
  status: orders.status,
  exchanged: sql<boolean>`exists (select 1 from ${orders} as "exchange" where "exchange"."exchange_of" = ${orders.id})`,
};

export async function findExchangeCandidate(
  db: Database,
  organizationId: string,
  by: { id: string } | { trackingNumber: string },
): Promise<ExchangeCandidate | undefined> {
  const [row] = await db
    .select(exchangeCandidateColumns)
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        'id' in by ? eq(orders.id, by.id) : eq(orders.trackingNumber, by.trackingNumber),
      ),
    )
    .limit(1);
  return row;
}

/** The organization's orders of these tracking numbers, as exchange candidates: one read. */
export async function listExchangeCandidates(
  db: Database,
  organizationId: string,
  trackingNumbers: readonly string[],
): Promise<ExchangeCandidate[]> {
  if (trackingNumbers.length === 0) return [];
  return db
    .select(exchangeCandidateColumns)
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        inArray(orders.trackingNumber, [...trackingNumbers]),
      ),
    );
}
