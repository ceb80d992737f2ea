import { findCity } from '#shared/cities';
import { madToCentimes } from '#shared/money';
import type { Database } from '../db/open-database';
import { findUniqueViolationConstraint } from '../db/unique-violation';
import type { AppError } from '../http/errors';
import { conflict } from '../http/errors';
import type { OrderActor, OrderLifecycle, OrderRow } from '../orders/order-lifecycle';
import type { RoutePricing } from '../orders/route-pricing';
import { exchangeTakenOf } from '../orders/exchanges';
import { generateTrackingNumber } from '../orders/tracking-number';
import type { ResolvedParcel } from './parcel-checks';
import { findParcelsByReference } from './parcel-queries';

/** Who makes the parcels: a member of the organization, through an API key or an import. */
export interface ParcelCreator {
  organizationId: string;
  /** The member: the key's creator, or the one who confirmed the import. */
  userId: string;
  apiKeyId?: string;
  importId?: string;
}

export type ParcelCreation = { ok: true; order: OrderRow } | { ok: false; error: AppError };

interface ParcelCreationDeps {
  db: Database;
  lifecycle: OrderLifecycle;
  priceRoute: RoutePricing;
}

const TRACKING_NUMBER_UNIQUE = 'orders_tracking_number_unique';
const REFERENCE_UNIQUE = 'orders_organization_reference_unique';
/** An exchanged order another request named meanwhile (migration 0025). */
const EXCHANGE_UNIQUE = 'orders_exchange_of_unique';
/**
 * Parcels placed in one transaction: an API call's 100 at once; an import's 5 000 in a few
 * transactions, none holding its locks (the organization's counters) for long.
 */
const PLACEMENT_BATCH = 100;
/** Routes priced at once (each may be a routing service's request). */
const PRICING_CONCURRENCY = 8;

/** A parcel with its route and the server's price. */
interface Priced {
  parcel: ResolvedParcel;
  route: { km: number; minutes: number };
  priceCentimes: number;
}

/** Runs `work` on every item, at most `concurrency` at a time. */
async function runWithConcurrency<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** The order and payment rows of a priced parcel, as the wizard's order has them. */
function orderOf(creator: ParcelCreator, { parcel, route, priceCentimes }: Priced) {
  const pickup = findCity(parcel.sender.city)!;
  const delivery = findCity(parcel.receiver.city)!;
  return {
    order: {
      trackingNumber: generateTrackingNumber(),
      priority: parcel.priority,
      cargoType: parcel.cargoType,
      pickupLoc: pickup.city,
      deliveryLoc: delivery.city,
      pickupAddress: parcel.sender.address ?? null,
      deliveryAddress: parcel.receiver.address,
      pickupLat: pickup.lat,
      pickupLng: pickup.lng,
      deliveryLat: delivery.lat,
      deliveryLng: delivery.lng,
      weightKg: String(parcel.weight),
      lengthCm: String(parcel.dimensions.length),
      widthCm: String(parcel.dimensions.width),
      heightCm: String(parcel.dimensions.height),
      receiverName: parcel.receiver.name,
      receiverPhone: parcel.receiver.phone,
      receiverEmail: parcel.receiver.email ?? null,
      shipmentInfo: parcel.description ?? null,
      shipmentNote: parcel.notes ?? null,
      priceCentimes,
      codAmountCentimes: madToCentimes(parcel.codAmount),
      feePaidBy: parcel.feePaidBy,
      declaredValueCentimes:
        parcel.declaredValue === undefined ? null : madToCentimes(parcel.declaredValue),
      distanceKm: String(route.km),
      durationMinutes: route.minutes,
      reference: parcel.reference ?? null,
      apiKeyId: creator.apiKeyId ?? null,
      importId: creator.importId ?? null,
      importRow: parcel.importRow ?? null,
      exchangeOf: parcel.exchangeOfId ?? null,
      allowOpen: parcel.allowOpen,
    },
    payment: {
      amountCentimes: priceCentimes,
      method: 'cash_on_delivery' as const,
      status: 'unpaid' as const,
    },
  };
}

/**
 * Places checked parcels as ordinary orders through the one lifecycle
 * (docs/decisions/0021-shippers-api.md): each is priced by the server, paid in cash (the sender
 * through its ledger, or the receiver at the door), and remembers its key or import. A reference
 * another request took in the meantime is that parcel's 409; the others are still made.
 */
export function createParcelCreation({ db, lifecycle, priceRoute }: ParcelCreationDeps) {
  const actorOf = (creator: ParcelCreator): OrderActor => ({
    kind: 'customer',
    userId: creator.userId,
    organizationId: creator.organizationId,
  });

  /**
   * Every parcel's price, each distinct route, weight and priority priced once, a few at a time:
   * a routing service is asked once per route of the batch, not once per parcel.
   */
  async function priceParcels(parcels: readonly ResolvedParcel[]): Promise<Priced[]> {
    const quotes = new Map<string, () => Promise<Awaited<ReturnType<RoutePricing>>>>();
    const keyOf = (parcel: ResolvedParcel) =>
      [parcel.sender.city, parcel.receiver.city, parcel.weight, parcel.priority].join('|');
    for (const parcel of parcels) {
      const key = keyOf(parcel);
      if (quotes.has(key)) continue;
      const pickup = findCity(parcel.sender.city)!;
      const delivery = findCity(parcel.receiver.city)!;
      quotes.set(key, () => priceRoute(pickup, delivery, parcel.weight, parcel.priority));
    }
    const keys = [...quotes.keys()];
    const priced = new Map<string, Awaited<ReturnType<RoutePricing>>>();
    await runWithConcurrency(keys, PRICING_CONCURRENCY, async (key) => {
      priced.set(key, await quotes.get(key)!());
    });
    return parcels.map((parcel) => {
      const { route, price } = priced.get(keyOf(parcel))!;
      return { parcel, route, priceCentimes: madToCentimes(price) };
    });
  }

  async function placeOne(creator: ParcelCreator, priced: Priced): Promise<OrderRow> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { order, payment } = orderOf(creator, priced);
        const placed = await lifecycle.place(actorOf(creator), order, payment);
        return placed.order;
      } catch (error) {
        // A tracking number drawn twice: draw again (vanishingly rare).
        const constraint = findUniqueViolationConstraint(error);
        if (attempt < 3 && constraint === TRACKING_NUMBER_UNIQUE) continue;
        throw error;
      }
    }
  }

  async function referenceTaken(creator: ParcelCreator, reference: string): Promise<AppError> {
    const [existing] = await findParcelsByReference(db, creator.organizationId, [reference]);
    return conflict('parcel.reference_taken', {
      reference,
      trackingNumber: existing?.trackingNumber ?? '',
    });
  }

  /** One by one, each in its own transaction: a reference taken meanwhile refuses its parcel only. */
  async function placeEach(creator: ParcelCreator, batch: readonly Priced[]) {
    const created: ParcelCreation[] = [];
    for (const priced of batch) {
      try {
        created.push({ ok: true, order: await placeOne(creator, priced) });
      } catch (error) {
        const { reference } = priced.parcel;
        const exchangeTaken = exchangeTakenOf(error);
        if (exchangeTaken) {
          created.push({ ok: false, error: exchangeTaken });
        } else if (reference && findUniqueViolationConstraint(error) === REFERENCE_UNIQUE) {
          created.push({ ok: false, error: await referenceTaken(creator, reference) });
        } else {
          throw error;
        }
      }
    }
    return created;
  }

  return {
    /**
     * Places checked parcels in the given order. A batch is one transaction of the lifecycle
     * (placeMany): hundreds of parcels a second instead of one commit each. When a reference or
     * a tracking number was taken meanwhile, that batch is undone and placed one by one, so the
     * parcel that lost the race is refused and the others are still made.
     */
    async createParcels(
      creator: ParcelCreator,
      parcels: readonly ResolvedParcel[],
    ): Promise<ParcelCreation[]> {
      const priced = await priceParcels(parcels);
      const created: ParcelCreation[] = [];
      for (let start = 0; start < priced.length; start += PLACEMENT_BATCH) {
        const batch = priced.slice(start, start + PLACEMENT_BATCH);
        try {
          const placed = await lifecycle.placeMany(
            actorOf(creator),
            batch.map((one) => orderOf(creator, one)),
          );
          created.push(...placed.map(({ order }): ParcelCreation => ({ ok: true, order })));
        } catch (error) {
          const constraint = findUniqueViolationConstraint(error);
          const placedAlone = [REFERENCE_UNIQUE, TRACKING_NUMBER_UNIQUE, EXCHANGE_UNIQUE];
          if (!placedAlone.includes(constraint ?? '')) throw error;
          created.push(...(await placeEach(creator, batch)));
        }
      }
      return created;
    },
  };
}
export type ParcelCreationService = ReturnType<typeof createParcelCreation>;
