import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { TruckStatus } from '#shared/order-status';
import { escapeLikePattern } from '../db/like-pattern';
import { readPageWithTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { drivers, runs, trucks, users } from '../db/schema';

function selectTrucksWithDrivers(db: Database) {
  return db
    .select({ truck: trucks, driver: drivers })
    .from(trucks)
    .innerJoin(drivers, eq(drivers.id, trucks.driverId));
}

interface TruckFilter {
  statuses?: readonly TruckStatus[];
  q?: string;
}

function truckConditions({ statuses, q }: TruckFilter): SQL | undefined {
  const pattern = q ? `%${escapeLikePattern(q)}%` : undefined;
  return and(
    statuses ? inArray(trucks.status, [...statuses]) : undefined,
    pattern
      ? or(
          ilike(trucks.truckNumber, pattern),
          ilike(drivers.fullName, pattern),
          ilike(trucks.truckType, pattern),
          ilike(trucks.model, pattern),
        )
      : undefined,
  );
}

/** Most recently changed first: a truck back from a delivery comes to the top. */
export async function listTrucks(db: Database, filter: TruckFilter, page: Page) {
  const where = truckConditions(filter);
  return readPageWithTotal(
    db,
    page,
    selectTrucksWithDrivers(db)
      .where(where)
      .orderBy(desc(trucks.updatedAt), desc(trucks.id))
      .$dynamic(),
    db
      .select({ id: trucks.id })
      .from(trucks)
      .innerJoin(drivers, eq(drivers.id, trucks.driverId))
      .where(where)
      .$dynamic(),
  );
}
export type TruckWithDriverRow = Awaited<ReturnType<typeof listTrucks>>['rows'][number];

export async function findTruck(
  db: Database,
  truckId: string,
): Promise<TruckWithDriverRow | undefined> {
  const [row] = await selectTrucksWithDrivers(db).where(eq(trucks.id, truckId)).limit(1);
  return row;
}

/**
 * Trucks the Confirmation may offer: AVAILABLE, or with a run not yet started that an order may
 * join (docs/decisions/0024-runs-and-planning.md), with that run's id. A deactivated driver is
 * offered to no order (docs/decisions/0009-drivers.md).
 */
export async function listOfferableTrucks(
  db: Database,
): Promise<Array<TruckWithDriverRow & { plannedRunId: string | null }>> {
  return db
    .select({ truck: trucks, driver: drivers, plannedRunId: runs.id })
    .from(trucks)
    .innerJoin(drivers, eq(drivers.id, trucks.driverId))
    .leftJoin(runs, and(eq(runs.truckId, trucks.id), eq(runs.status, 'planned')))
    .where(
      and(isNull(drivers.deactivatedAt), or(eq(trucks.status, 'AVAILABLE'), isNotNull(runs.id))),
    )
    .orderBy(asc(trucks.truckNumber));
}

export interface Identities {
  truckNumber: string;
  nationalId: string;
  license: string;
  /** In E.164: the number the driver signs in with. */
  phone: string;
}

/** Which of these numbers another truck or driver already holds. */
export async function findTakenIdentities(
  db: Database,
  { truckNumber, nationalId, license, phone }: Identities,
): Promise<Record<keyof Identities, boolean>> {
  const [plates, people] = await Promise.all([
    db.select({ id: trucks.id }).from(trucks).where(eq(trucks.truckNumber, truckNumber)).limit(1),
    db
      .select({
        nationalId: drivers.nationalId,
        license: drivers.license,
        phone: drivers.phoneE164,
      })
      .from(drivers)
      .where(
        or(
          eq(drivers.nationalId, nationalId),
          eq(drivers.license, license),
          eq(drivers.phoneE164, phone),
        ),
      ),
  ]);
  return {
    truckNumber: plates.length > 0,
    nationalId: people.some((driver) => driver.nationalId === nationalId),
    license: people.some((driver) => driver.license === license),
    phone: people.some((driver) => driver.phone === phone),
  };
}

/**
 * The driver's account (role DRIVER, no email, no password: they sign in by phone), the driver
 * and the truck they drive, together or not at all.
 */
export async function insertDriverWithTruck(
  db: Database,
  driver: Omit<typeof drivers.$inferInsert, 'userId'>,
  truck: Omit<typeof trucks.$inferInsert, 'driverId'>,
): Promise<{ truckId: string; driverId: string }> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(users)
      .values({ role: 'DRIVER', email: null, passwordHash: null, userType: null })
      .returning({ id: users.id });
    const [created] = await tx
      .insert(drivers)
      .values({ ...driver, userId: account!.id })
      .returning({ id: drivers.id });
    const [createdTruck] = await tx
      .insert(trucks)
      .values({ ...truck, driverId: created!.id })
      .returning({ id: trucks.id });
    return { truckId: createdTruck!.id, driverId: created!.id };
  });
}

/** Sets or clears the driver's deactivation: their account's id, undefined for an unknown driver. */
/** Locks the driver's row for a change of its activation: whether it is deactivated now. */
export async function lockDriverActivation(
  db: Database,
  driverId: string,
): Promise<{ deactivatedAt: Date | null } | undefined> {
  const [driver] = await db
    .select({ deactivatedAt: drivers.deactivatedAt })
    .from(drivers)
    .where(eq(drivers.id, driverId))
    .for('update');
  return driver;
}

export async function setDriverDeactivation(
  db: Database,
  driverId: string,
  deactivatedAt: Date | null,
  now: Date,
): Promise<{ userId: string } | undefined> {
  const [driver] = await db
    .update(drivers)
    .set({ deactivatedAt, updatedAt: now })
    .where(eq(drivers.id, driverId))
    .returning({ userId: drivers.userId });
  return driver;
}
