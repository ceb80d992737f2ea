import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLikePattern } from '../db/like-pattern';
import { readPageWithTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { cashRemittances, drivers, orders, trucks, users } from '../db/schema';

/** A search over drivers: their name, phone or plate as typed, or their phone in E.164. */
export interface DriverSearch {
  q?: string;
  phoneE164?: string;
}

export interface CashListFilter extends DriverSearch {
  driverId?: string;
}

function driverSearchCondition({ q, phoneE164 }: DriverSearch, ...more: SQL[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLikePattern(q)}%`;
  return or(
    ilike(drivers.fullName, pattern),
    ilike(drivers.phone, pattern),
    ilike(trucks.truckNumber, pattern),
    phoneE164 ? eq(drivers.phoneE164, phoneE164) : undefined,
    ...more,
  );
}

const sumCentimes = (column: AnyPgColumn | SQL) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * An order delivered off its amount to collect (docs/decisions/0020-merchant-money.md): the driver
 * collected less (a shortfall) or more (an over-collection) than the receiver owed at the door.
 * The same condition as orders_cash_off_price_idx (migration 0016), which the flagged list reads.
 */
const collectedOffPrice = ne(orders.cashCollectedCentimes, orders.amountToCollectCentimes);

/**
 * Cash collected per driver: one pass over orders_driver_cash_idx (driver, cash collected; only
 * the orders that carry cash), read in the index's order without touching the table.
 */
function collectedByDriver(db: Database) {
  return db
    .select({
      driverId: orders.driverId,
      collected: sumCentimes(orders.cashCollectedCentimes).as('collected_centimes'),
    })
    .from(orders)
    .where(isNotNull(orders.cashCollectedCentimes))
    .groupBy(orders.driverId)
    .as('collected');
}

/** Cash handed in per driver. */
function remittedByDriver(db: Database) {
  return db
    .select({
      driverId: cashRemittances.driverId,
      handedIn: sumCentimes(cashRemittances.amountCentimes).as('handed_in_centimes'),
    })
    .from(cashRemittances)
    .groupBy(cashRemittances.driverId)
    .as('remitted');
}

/**
 * Every driver (none left out: a driver who collected nothing yet shows zeros), the one who holds
 * the most cash first, then by name. The sort needs every matching driver's sums, so they are
 * taken per driver in one grouped pass each (cheaper than one index lookup per driver); the
 * flagged orders, which need each order's price, only for the drivers on the page.
 */
export async function listCashLedger(db: Database, search: DriverSearch, page: Page) {
  const collected = collectedByDriver(db);
  const remitted = remittedByDriver(db);
  const collectedCentimes = sql<number>`coalesce(${collected.collected}, 0)`.mapWith(Number);
  const handedInCentimes = sql<number>`coalesce(${remitted.handedIn}, 0)`.mapWith(Number);
  const outstanding = sql<number>`${collectedCentimes} - ${handedInCentimes}`.mapWith(Number);
  const where = driverSearchCondition(search);
  const { rows, total } = await readPageWithTotal(
    db,
    page,
    db
      .select({
        driverId: drivers.id,
        driverName: drivers.fullName,
        phone: drivers.phone,
        deactivatedAt: drivers.deactivatedAt,
        truckNumber: trucks.truckNumber,
        collectedCentimes,
        handedInCentimes,
        outstandingCentimes: outstanding,
      })
      .from(drivers)
      .leftJoin(trucks, eq(trucks.driverId, drivers.id))
      .leftJoin(collected, eq(collected.driverId, drivers.id))
      .leftJoin(remitted, eq(remitted.driverId, drivers.id))
      .where(where)
      .orderBy(desc(outstanding), asc(drivers.fullName), asc(drivers.id))
      .$dynamic(),
    db
      .select({ id: drivers.id })
      .from(drivers)
      .leftJoin(trucks, eq(trucks.driverId, drivers.id))
      .where(where)
      .$dynamic(),
  );
  const flagged = await sumShortfallsOfDrivers(
    db,
    rows.map((row) => row.driverId),
  );
  return {
    rows: rows.map((row) => ({
      ...row,
      flaggedOrders: flagged.get(row.driverId)?.flaggedOrders ?? 0,
      shortfallCentimes: flagged.get(row.driverId)?.shortfallCentimes ?? 0,
      overCollectionCentimes: flagged.get(row.driverId)?.overCollectionCentimes ?? 0,
    })),
    total,
  };
}
export type CashLedgerDbRow = Awaited<ReturnType<typeof listCashLedger>>['rows'][number];

/**
 * The orders these drivers delivered off their amount to collect: how many, how much is missing
 * on the short ones and how much was taken above the amount on the others.
 */
async function sumShortfallsOfDrivers(db: Database, driverIds: string[]) {
  if (driverIds.length === 0) return new Map<string, never>();
  const rows = await db
    .select({
      driverId: orders.driverId,
      flaggedOrders: count(),
      shortfallCentimes: sumCentimes(
        sql`greatest(${orders.amountToCollectCentimes} - ${orders.cashCollectedCentimes}, 0)`,
      ),
      overCollectionCentimes: sumCentimes(
        sql`greatest(${orders.cashCollectedCentimes} - ${orders.amountToCollectCentimes}, 0)`,
      ),
    })
    .from(orders)
    .where(
      and(
        inArray(orders.driverId, driverIds),
        isNotNull(orders.cashCollectedCentimes),
        collectedOffPrice,
      ),
    )
    .groupBy(orders.driverId);
  return new Map(rows.map((row) => [row.driverId!, row]));
}

function remittanceConditions(filter: CashListFilter): SQL | undefined {
  return and(
    filter.driverId ? eq(cashRemittances.driverId, filter.driverId) : undefined,
    driverSearchCondition(filter),
  );
}

function selectRemittances(db: Database) {
  return db
    .select({
      id: cashRemittances.id,
      driverId: cashRemittances.driverId,
      driverName: drivers.fullName,
      amountCentimes: cashRemittances.amountCentimes,
      note: cashRemittances.note,
      recordedBy: users.email,
      createdAt: cashRemittances.createdAt,
    })
    .from(cashRemittances)
    .innerJoin(drivers, eq(drivers.id, cashRemittances.driverId))
    .leftJoin(trucks, eq(trucks.driverId, drivers.id))
    .leftJoin(users, eq(users.id, cashRemittances.recordedByUserId));
}

/**
 * Newest first, through cash_remittances_created_idx (time, id). One driver's are read from
 * cash_remittances_driver_created_idx (driver, time), which has no id to break a tie: two
 * remittances of one driver are never recorded in the same microsecond, as each locks the driver.
 */
export async function listRemittances(db: Database, filter: CashListFilter, page: Page) {
  const where = remittanceConditions(filter);
  const newestFirst = filter.driverId
    ? [desc(cashRemittances.createdAt)]
    : [desc(cashRemittances.createdAt), desc(cashRemittances.id)];
  return readPageWithTotal(
    db,
    page,
    selectRemittances(db)
      .where(where)
      .orderBy(...newestFirst)
      .$dynamic(),
    db
      .select({ id: cashRemittances.id })
      .from(cashRemittances)
      .innerJoin(drivers, eq(drivers.id, cashRemittances.driverId))
      .leftJoin(trucks, eq(trucks.driverId, drivers.id))
      .where(where)
      .$dynamic(),
  );
}
export type RemittanceDbRow = Awaited<ReturnType<typeof listRemittances>>['rows'][number];

function flaggedConditions(filter: CashListFilter): SQL | undefined {
  return and(
    isNotNull(orders.cashCollectedCentimes),
    collectedOffPrice,
    filter.driverId ? eq(orders.driverId, filter.driverId) : undefined,
    driverSearchCondition(
      filter,
      ilike(orders.trackingNumber, `%${escapeLikePattern(filter.q ?? '')}%`),
    ),
  );
}

/**
 * Orders delivered off their amount to collect, the latest delivery first; q also finds a
 * tracking number.
 */
export async function listFlaggedOrders(db: Database, filter: CashListFilter, page: Page) {
  const where = flaggedConditions(filter);
  return readPageWithTotal(
    db,
    page,
    db
      .select({
        orderId: orders.id,
        trackingNumber: orders.trackingNumber,
        driverId: drivers.id,
        driverName: drivers.fullName,
        priceCentimes: orders.priceCentimes,
        amountToCollectCentimes: orders.amountToCollectCentimes,
        collectedCentimes: orders.cashCollectedCentimes,
        deliveredAt: orders.deliveryDate,
      })
      .from(orders)
      .innerJoin(drivers, eq(drivers.id, orders.driverId))
      .leftJoin(trucks, eq(trucks.driverId, drivers.id))
      .where(where)
      .orderBy(sql`${orders.deliveryDate} desc nulls last`, desc(orders.id))
      .$dynamic(),
    db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(drivers, eq(drivers.id, orders.driverId))
      .leftJoin(trucks, eq(trucks.driverId, drivers.id))
      .where(where)
      .$dynamic(),
  );
}
export type FlaggedOrderDbRow = Awaited<ReturnType<typeof listFlaggedOrders>>['rows'][number];

/**
 * Locks the driver's row until the transaction ends, so that two remittances for one driver
 * queue and the second sees the first (docs/decisions/0009-drivers.md). NO KEY UPDATE is the
 * lock an update of non-key columns takes: it still lets other transactions insert rows that
 * reference the driver (their foreign-key check takes KEY SHARE).
 */
export async function lockDriver(tx: Database, driverId: string) {
  const [row] = await tx
    .select({ id: drivers.id, fullName: drivers.fullName })
    .from(drivers)
    .where(eq(drivers.id, driverId))
    .for('no key update');
  return row;
}

/** What one driver collected and handed in, in centimes. */
export async function sumDriverCash(tx: Database, driverId: string) {
  const [collected] = await tx
    .select({ centimes: sumCentimes(orders.cashCollectedCentimes) })
    .from(orders)
    .where(and(eq(orders.driverId, driverId), isNotNull(orders.cashCollectedCentimes)));
  const [remitted] = await tx
    .select({ centimes: sumCentimes(cashRemittances.amountCentimes) })
    .from(cashRemittances)
    .where(eq(cashRemittances.driverId, driverId));
  return { collectedCentimes: collected?.centimes ?? 0, handedInCentimes: remitted?.centimes ?? 0 };
}

export async function insertRemittance(tx: Database, values: typeof cashRemittances.$inferInsert) {
  const [row] = await tx.insert(cashRemittances).values(values).returning();
  return row!;
}
