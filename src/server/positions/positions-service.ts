import type { FastifyBaseLogger } from 'fastify';
import { estimateArrival } from '#shared/eta';
import { toPublicPoint } from '#shared/positions';
import type { OrderStatus } from '#shared/order-status';
import type { DriverPosition } from '#shared/schemas/driver-schemas';
import type { AdminMapTruck, OrderMapFields } from '#shared/schemas/map-schemas';
import type { Database } from '../db/open-database';
import { listDriverOrdersOnTheRoad } from '../orders/order-reads';
import { MAX_ORDERS_PER_POSITION, publishPosition } from '../events/position-notice';
import { deliveryEtasOf } from '../runs/run-arrivals';
import {
  deletePositionsRecordedBefore,
  findLatestPosition,
  findLatestPositions,
  insertPosition,
  listOrdersOnTheRoadWithPositions,
  lockDriverPositions,
  type StoredPosition,
} from './positions-queries';

/** docs/decisions/0009-drivers.md: a driver's positions are kept 30 days, then deleted. */
export const POSITION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Each instance purges at most this often, on a position it receives. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** The admin map shows at most this many trucks (a fleet is far smaller). */
const ADMIN_MAP_LIMIT = 1_000;

/** The columns of an order a map and its arrival estimate need. */
export interface MappableOrder {
  id: string;
  status: OrderStatus;
  /** The run it is on: its arrival is then timed along the run's stops. */
  runId: string | null;
  driverId: string | null;
  exitDate: Date | null;
  pickedUpAt: Date | null;
  pickupLat: number;
  pickupLng: number;
  deliveryLat: number;
  deliveryLng: number;
  /** numeric: a string from the database. */
  distanceKm: string | number;
  durationMinutes: number;
}

/**
 * `runEta`: the order's delivery time along its run (deliveryEtasOf), which wins over the
 * estimate straight from the truck to the order: the truck drives the stops before it first.
 */
function toMapFields(
  order: MappableOrder,
  stored: StoredPosition | undefined,
  runEta?: Date,
): OrderMapFields {
  const pickup = { lat: order.pickupLat, lng: order.pickupLng };
  const delivery = { lat: order.deliveryLat, lng: order.deliveryLng };
  const position = order.status === 'IN_TRANSIT' && stored ? stored : undefined;
  const eta =
    runEta ??
    estimateArrival({
      status: order.status,
      exitDate: order.exitDate,
      distanceKm: Number(order.distanceKm),
      durationMinutes: order.durationMinutes,
      pickup,
      delivery,
      pickedUpAt: order.pickedUpAt,
      position: position ? { lat: position.lat, lng: position.lng, at: position.recordedAt } : null,
    });
  return {
    position: position
      ? { lat: position.lat, lng: position.lng, at: position.recordedAt.toISOString() }
      : null,
    eta: eta ? eta.toISOString() : null,
    route: { pickup, delivery },
  };
}

/**
 * Trucks' positions (docs/decisions/0009-drivers.md, "Positions, ETA and maps"): what the
 * drivers' phones send, what the order pages and the admin map show, and how long it is kept.
 */
export function createPositionsService({
  db,
  clock,
  log,
  minIntervalMs,
}: {
  db: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** DRIVER_POSITION_MIN_INTERVAL_MS: the most often one driver's position is kept. */
  minIntervalMs: number;
}) {
  let lastPurgeAt: number | undefined;

  async function purgeWhenDue(now: Date) {
    if (lastPurgeAt !== undefined && now.getTime() - lastPurgeAt < PURGE_INTERVAL_MS) return;
    lastPurgeAt = now.getTime();
    try {
      const cutoff = new Date(now.getTime() - POSITION_RETENTION_MS);
      const deleted = await deletePositionsRecordedBefore(db, cutoff);
      if (deleted > 0) log.info({ deleted }, 'positions older than 30 days deleted');
    } catch (error) {
      log.error({ err: error }, 'old positions could not be deleted');
    }
  }

  /** The order's delivery time along its run, when it is on the road on a timed run. */
  async function runEtaOf(order: MappableOrder, position: StoredPosition | undefined) {
    if (order.status !== 'IN_TRANSIT' || !order.runId) return undefined;
    const etas = await deliveryEtasOf(
      db,
      [{ runId: order.runId, position: position ?? null }],
      clock(),
    );
    return etas.get(order.id);
  }

  return {
    /**
     * Stores a driver's position and tells every instance, for the live maps of the orders they
     * have on the road. A driver with none on the road is not followed: nothing is kept. At most
     * one is kept per `minIntervalMs`: one closer to the last is answered as kept
     * (the phone has nothing to show or retry), and dropped. Checked under a lock of the
     * driver's positions, so parallel posts queue and only the first is kept.
     */
    async recordPosition(driverId: string, input: DriverPosition): Promise<void> {
      const now = clock();
      await db.transaction(async (tx) => {
        const onTheRoad = await listDriverOrdersOnTheRoad(tx, driverId, MAX_ORDERS_PER_POSITION);
        if (onTheRoad.length === 0) return;
        await lockDriverPositions(tx, driverId);
        const since = new Date(now.getTime() - minIntervalMs + 1);
        if (await findLatestPosition(tx, driverId, since)) return;
        await insertPosition(tx, {
          driverId,
          lat: input.lat,
          lng: input.lng,
          accuracyM: input.accuracy ?? null,
          recordedAt: now,
        });
        await publishPosition(tx, {
          lat: input.lat,
          lng: input.lng,
          at: now.toISOString(),
          orders: onTheRoad,
        });
      });
      await purgeWhenDue(now);
    },

    /**
     * The map of one order: its route, and while it is on the road its truck's latest position
     * since the dispatch and the expected arrival.
     */
    async mapFieldsOf(order: MappableOrder): Promise<OrderMapFields> {
      const stored =
        order.status === 'IN_TRANSIT' && order.driverId && order.exitDate
          ? await findLatestPosition(db, order.driverId, order.exitDate)
          : undefined;
      return toMapFields(order, stored, await runEtaOf(order, stored));
    },

    /**
     * The map of one order as public tracking shows it (docs/decisions/0018-lists-streams-cash-positions.md):
     * no truck before the pickup, then its position rounded to about 1 km (toPublicPoint), the
     * arrival estimated from that.
     */
    async publicMapFieldsOf(order: MappableOrder): Promise<OrderMapFields> {
      const stored =
        order.status === 'IN_TRANSIT' && order.pickedUpAt && order.driverId && order.exitDate
          ? await findLatestPosition(db, order.driverId, order.exitDate)
          : undefined;
      const shown = stored && toPublicPoint(stored);
      return toMapFields(order, shown, await runEtaOf(order, shown));
    },

    /** The driver's newest position since `since`: where a run's stops and the driver's run start. */
    latestPositionOf(driverId: string, since: Date): Promise<StoredPosition | undefined> {
      return findLatestPosition(db, driverId, since);
    },

    /** Each driver's newest position since `since`, by driver: where the planner's trucks start. */
    latestPositionsOf(driverIds: readonly string[], since: Date) {
      return findLatestPositions(db, driverIds, since);
    },

    /** GET /api/admin/map: every truck on the road with the order it carries. */
    async listTrucksOnTheRoad(): Promise<AdminMapTruck[]> {
      const rows = await listOrdersOnTheRoadWithPositions(db, ADMIN_MAP_LIMIT);
      const runPositions = new Map(
        rows.flatMap(({ order, position }) =>
          order.runId ? [[order.runId, position ?? null] as const] : [],
        ),
      );
      const runEtas = await deliveryEtasOf(
        db,
        [...runPositions].map(([runId, position]) => ({ runId, position })),
        clock(),
      );
      return rows.map(({ order, truckNumber, driverName, position }) => ({
        truckNumber,
        driverName,
        orderId: order.id,
        trackingNumber: order.trackingNumber,
        pickupLoc: order.pickupLoc,
        deliveryLoc: order.deliveryLoc,
        ...toMapFields(order, position ?? undefined, runEtas.get(order.id)),
      }));
    },
  };
}

export type PositionsService = ReturnType<typeof createPositionsService>;
