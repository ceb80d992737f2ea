import type { ApiParcel } from '#shared/schemas/parcel-schemas';
import type { ParcelListQuery, ParcelPage } from '#shared/schemas/parcels-api-schemas';
import type { Reattempt } from '#shared/schemas/returns-schemas';
import type { ApiKeyCaller } from '../api-keys/api-key-guard';
import type { Database } from '../db/open-database';
import { notFound, type AppError } from '../http/errors';
import type { OrderActor, OrderLifecycle } from '../orders/order-lifecycle';
import { checkParcels } from './parcel-checks';
import type { ParcelCreationService, ParcelCreator } from './parcel-creation';
import { decodeParcelCursor, encodeParcelCursor } from './parcel-cursor';
import {
  findParcelByReference,
  findParcelByTrackingNumber,
  listParcelsChangedAfter,
} from './parcel-queries';
import { toApiParcel } from './parcel-view';

/** One parcel of a POST, answered at its place: made, or refused with its reason. */
export type ParcelOutcome = { ok: true; parcel: ApiParcel } | { ok: false; error: AppError };

interface ParcelsApiDeps {
  db: Database;
  lifecycle: OrderLifecycle;
  parcelCreation: ParcelCreationService;
  publicUrl: string;
}

/** A key acts for the member who made it, within that member's organization. */
function creatorOf(key: ApiKeyCaller): ParcelCreator {
  return { organizationId: key.organizationId, userId: key.createdByUserId, apiKeyId: key.id };
}

function actorOf(key: ApiKeyCaller): OrderActor {
  return { kind: 'customer', userId: key.createdByUserId, organizationId: key.organizationId };
}

/**
 * /api/v1/parcels (docs/decisions/0021-shippers-api.md, "The parcels API"): a key sees and changes
 * its own organization's parcels only; another organization's are as unknown as missing ones.
 */
export function createParcelsApiService({
  db,
  lifecycle,
  parcelCreation,
  publicUrl,
}: ParcelsApiDeps) {
  const view = (order: Parameters<typeof toApiParcel>[0]) => toApiParcel(order, publicUrl);

  async function findOwnParcel(key: ApiKeyCaller, trackingNumber: string) {
    const order = await findParcelByTrackingNumber(db, key.organizationId, trackingNumber);
    if (!order) throw notFound('parcel.not_found');
    return order;
  }

  return {
    /** Checks every parcel, then makes the valid ones; the answer keeps the input's order. */
    async createParcels(key: ApiKeyCaller, inputs: readonly unknown[]): Promise<ParcelOutcome[]> {
      const checks = await checkParcels(db, key.organizationId, inputs);
      const valid = checks.flatMap((check, index) => (check.ok ? [{ index, check }] : []));
      const created = await parcelCreation.createParcels(
        creatorOf(key),
        valid.map(({ check }) => check.parcel),
      );
      const creationAt = new Map(valid.map(({ index }, position) => [index, created[position]!]));
      return checks.map((check, index): ParcelOutcome => {
        if (!check.ok) return check;
        const creation = creationAt.get(index)!;
        return creation.ok ? { ok: true, parcel: view(creation.order) } : creation;
      });
    },

    async getParcel(key: ApiKeyCaller, trackingNumber: string): Promise<ApiParcel> {
      return view(await findOwnParcel(key, trackingNumber));
    },

    /**
     * By reference: the one parcel or none. Otherwise a page of the change feed, in the order
     * parcels last changed; a parcel made or changed after the page was read comes after its
     * cursor, so following `nextCursor` neither skips nor repeats a parcel.
     */
    async listParcels(key: ApiKeyCaller, query: ParcelListQuery): Promise<ParcelPage> {
      if (query.reference !== undefined) {
        const order = await findParcelByReference(db, key.organizationId, query.reference);
        return { items: order ? [view(order)] : [], nextCursor: null };
      }
      const after = query.cursor === undefined ? undefined : decodeParcelCursor(query.cursor);
      const rows = await listParcelsChangedAfter(db, key.organizationId, {
        status: query.status,
        updatedSince: query.updatedSince,
        after,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ order }) => view(order)),
        nextCursor: rows.length > query.limit && last ? encodeParcelCursor(last.position) : null,
      };
    },

    /** A pending parcel withdrawn through the lifecycle (409 once it is on its way). */
    async cancelParcel(
      key: ApiKeyCaller,
      trackingNumber: string,
      reason: string,
    ): Promise<ApiParcel> {
      const order = await findOwnParcel(key, trackingNumber);
      const { order: cancelled } = await lifecycle.cancelByCustomer(order.id, actorOf(key), {
        reason,
      });
      return view(cancelled);
    },

    /**
     * After a failed attempt, another one on a day of the next 7 (409 after a refusal, before any
     * failed attempt or when none is left; docs/decisions/0023-failed-deliveries-and-returns.md).
     */
    async reattemptParcel(
      key: ApiKeyCaller,
      trackingNumber: string,
      input: Reattempt,
    ): Promise<ApiParcel> {
      const order = await findOwnParcel(key, trackingNumber);
      const { order: rescheduled } = await lifecycle.reattempt(order.id, actorOf(key), input);
      return view(rescheduled);
    },

    /** After a failed attempt, the parcel comes back to its sender now. */
    async returnParcel(key: ApiKeyCaller, trackingNumber: string): Promise<ApiParcel> {
      const order = await findOwnParcel(key, trackingNumber);
      const { order: returning } = await lifecycle.startReturn(order.id, actorOf(key));
      return view(returning);
    },
  };
}
export type ParcelsApiService = ReturnType<typeof createParcelsApiService>;
