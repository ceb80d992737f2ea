import { findCity } from '#shared/cities';
import { madToCentimes } from '#shared/money';
import type { Database } from '../db/open-database';
import { findUniqueViolationConstraint } from '../db/unique-violation';
import type { AppError } from '../http/errors';
import { conflict } from '../http/errors';
import type { OrderLifecycle, OrderRow } from '../orders/order-lifecycle';
import type { RoutePricing } from '../orders/route-pricing';
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

/**
 * Places checked parcels as ordinary orders through the one lifecycle
 * (docs/decisions/0021-shippers-api.md): each is priced by the server, paid in cash (the sender
 * through its ledger, or the receiver at the door), and remembers its key or import. A reference
 * another request took in the meantime is that parcel's 409; the others are still made.
 */
export function createParcelCreation({ db, lifecycle, priceRoute }: ParcelCreationDeps) {
  async function placeOne(creator: ParcelCreator, parcel: ResolvedParcel): Promise<OrderRow> {
    const pickup = findCity(parcel.sender.city)!;
    const delivery = findCity(parcel.receiver.city)!;
    const { route, price } = await priceRoute(pickup, delivery, parcel.weight, parcel.priority);
    const priceCentimes = madToCentimes(price);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { order } = await lifecycle.place(
          { kind: 'customer', userId: creator.userId, organizationId: creator.organizationId },
          {
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
          },
          { amountCentimes: priceCentimes, method: 'cash_on_delivery', status: 'unpaid' },
        );
        return order;
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

  return {
    async createParcels(
      creator: ParcelCreator,
      parcels: readonly ResolvedParcel[],
    ): Promise<ParcelCreation[]> {
      const created: ParcelCreation[] = [];
      for (const parcel of parcels) {
        try {
          created.push({ ok: true, order: await placeOne(creator, parcel) });
        } catch (error) {
          if (parcel.reference && findUniqueViolationConstraint(error) === REFERENCE_UNIQUE) {
            created.push({ ok: false, error: await referenceTaken(creator, parcel.reference) });
          } else {
            throw error;
          }
        }
      }
      return created;
    },
  };
}
export type ParcelCreationService = ReturnType<typeof createParcelCreation>;
