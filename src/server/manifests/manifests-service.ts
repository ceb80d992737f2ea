import type { ManifestKind } from '#shared/labels';
import { message, type Message } from '#shared/i18n/message-key';
import type {
  AdminManifestListQuery,
  CreateCollectionManifest,
  CreateDispatchManifest,
  DispatchParcelsQuery,
  Manifest,
  ManifestCreated,
  ManifestDetail,
  ManifestDriver,
  ManifestListQuery,
  ManifestParcelCandidate,
} from '#shared/schemas/manifest-schemas';
import { recordOfficeAction, type OfficeActor } from '../audit/office-actions';
import type { AuthContext } from '../auth/auth-service';
import type { ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { isUuid } from '../db/uuid';
import { conflictOf, notFound } from '../http/errors';
import { assertOrgRoleMay } from '../orgs/org-access';
import { readBusinessSettings } from '../settings/business-settings-reads';
import { toCandidate, toManifest, toManifestDetail, toManifestDocument } from './manifest-view';
import {
  findDriverWithTruck,
  findManifest,
  insertManifest,
  insertManifestParcels,
  listActiveDrivers,
  listCollectionCandidates,
  listDispatchCandidates,
  listManifestLines,
  listManifests,
  lockOrdersForManifest,
  ON_THE_ROAD_STATUSES,
  type ManifestFilter,
  type ManifestOrderRow,
} from './manifests-queries';

interface ManifestsServiceDeps {
  db: Database;
  clock: () => Date;
}

/** At most this many refused parcels are named in one 409: enough to fix, short enough to read. */
const REFUSALS_NAMED = 10;

/** Why an order cannot go on an office's sheet for `driverId`, or undefined when it can. */
function dispatchRefusal(order: ManifestOrderRow, driverId: string): Message | undefined {
  const trackingNumber = order.trackingNumber;
  if (order.status === 'DELIVERED' || order.status === 'CANCELLED') {
    return message('manifest.order_closed', { trackingNumber });
  }
  if (!ON_THE_ROAD_STATUSES.includes(order.status) || order.driverId === null) {
    return message('manifest.order_not_dispatched', { trackingNumber });
  }
  if (order.driverId !== driverId)
    return message('manifest.order_other_driver', { trackingNumber });
  return undefined;
}

/**
 * Why an order cannot go on its merchant's collection sheet, or undefined when it can: a driver
 * collects what has not left the merchant yet, so a parcel already picked up (or delivered, or
 * cancelled) is refused.
 */
function collectionRefusal(order: ManifestOrderRow): Message | undefined {
  const trackingNumber = order.trackingNumber;
  if (order.status === 'DELIVERED' || order.status === 'CANCELLED') {
    return message('manifest.order_closed', { trackingNumber });
  }
  if (order.pickedUpAt !== null) {
    return message('manifest.order_picked_up', { trackingNumber });
  }
  return undefined;
}

/** 409 naming every refused parcel (the first few) and why, when there is any. */
function refuseIneligible(refusals: readonly Message[]): void {
  const [first, ...rest] = refusals;
  if (first) throw conflictOf([first, ...rest.slice(0, REFUSALS_NAMED - 1)]);
}

/**
 * Hand-over sheets (docs/decisions/0022-labels-manifests-scanning.md, "Hand-over sheets"): the
 * office's dispatch sheets for the parcels leaving with a driver, and a merchant's collection
 * sheets for the parcels a driver collects from it. A sheet is made in one transaction that
 * share-locks its orders, checks each, and keeps its lines as they are then (position, receiver
 * city, amount to collect), with the count and the total; it is never changed afterwards.
 */
export function createManifestsService({ db, clock }: ManifestsServiceDeps) {
  async function create(
    kind: ManifestKind,
    orderIds: readonly string[],
    actor: OfficeActor,
    check: (orders: Map<string, ManifestOrderRow>) => {
      organizationId: string | null;
      driverId: string | null;
      truckId: string | null;
    },
  ): Promise<ManifestCreated> {
    return db.transaction(async (tx) => {
      const locked = await lockOrdersForManifest(tx, orderIds);
      const byId = new Map(locked.map((order) => [order.id, order]));
      const { organizationId, driverId, truckId } = check(byId);
      const lines = orderIds.map((id, index) => {
        const order = byId.get(id)!;
        return {
          position: index + 1,
          orderId: id,
          receiverCity: order.receiverCity,
          amountToCollectCentimes: order.amountToCollectCentimes,
        };
      });
      const total = lines.reduce((sum, line) => sum + line.amountToCollectCentimes, 0);
      const manifest = await insertManifest(tx, {
        kind,
        organizationId,
        driverId,
        truckId,
        createdBy: actor.userId,
        parcelCount: lines.length,
        totalToCollectCentimes: total,
        createdAt: clock(),
      });
      await insertManifestParcels(
        tx,
        lines.map((line) => ({ ...line, manifestId: manifest.id })),
      );
      await recordOfficeAction(tx, {
        actor,
        action: 'manifest.create',
        record: { type: 'manifest', id: manifest.id },
        after: {
          number: manifest.number,
          kind,
          driverId,
          organizationId,
          parcelCount: lines.length,
          totalToCollectCentimes: total,
        },
      });
      return manifest;
    });
  }

  async function list(filter: ManifestFilter, page: Page) {
    const { rows, total } = await listManifests(db, filter, page);
    return { items: rows.map(toManifest), total };
  }

  async function renderPdf(
    id: string,
    organizationId?: string,
  ): Promise<{ pdf: Buffer; filename: string }> {
    const row = isUuid(id) ? await findManifest(db, id, organizationId) : undefined;
    if (!row) throw notFound('manifest.not_found');
    const [lines, settings] = await Promise.all([
      listManifestLines(db, id),
      readBusinessSettings(db),
    ]);
    // Loaded on first use, as the invoices do: pdfkit and its fonts are slow to import.
    const { renderManifestPdf } = await import('./manifest-pdf');
    const pdf = await renderManifestPdf(
      toManifestDocument(row, lines, {
        legalName: settings.legalName,
        address: settings.address,
        ice: settings.ice,
        if: settings.ifNumber,
        rc: settings.rc,
        tp: settings.tp,
        patente: settings.patente,
      }),
    );
    return { pdf, filename: `bordereau-${row.manifest.number}.pdf` };
  }

  return {
    /**
     * The office's sheet for the parcels leaving with a driver: each one given to that driver and
     * neither delivered nor cancelled (CONFIRMED or IN_TRANSIT with orders.driver_id = driverId).
     * The truck is the driver's, else the one the parcels travel on.
     */
    async createDispatch(
      input: CreateDispatchManifest,
      actor: OfficeActor,
    ): Promise<ManifestCreated> {
      const driver = await findDriverWithTruck(db, input.driverId);
      if (!driver) throw notFound('manifest.driver_not_found');
      return create('dispatch', input.orderIds, actor, (byId) => {
        const refusals = input.orderIds.map((orderId) => {
          const order = byId.get(orderId);
          if (!order) return message('manifest.order_unknown', { orderId });
          return dispatchRefusal(order, driver.id);
        });
        refuseIneligible(refusals.filter((refusal) => refusal !== undefined));
        const orderTruck = input.orderIds.map((id) => byId.get(id)!.truckId).find(Boolean);
        return {
          organizationId: null,
          driverId: driver.id,
          truckId: driver.truckId ?? orderTruck ?? null,
        };
      });
    },

    /**
     * A merchant's sheet for the parcels a driver collects from it: its own orders not yet picked
     * up. Another organization's order is not found (404), as if it did not exist. The driver is
     * named when every parcel was given to the same one; otherwise the paper leaves it blank.
     */
    async createCollection(
      auth: AuthContext,
      input: CreateCollectionManifest,
      actor: OfficeActor,
    ): Promise<ManifestCreated> {
      const organizationId = assertOrgRoleMay(auth, 'print');
      return create('collection', input.orderIds, actor, (byId) => {
        for (const id of input.orderIds) {
          if (byId.get(id)?.organizationId !== organizationId) throw notFound('order.not_found');
        }
        const orders = input.orderIds.map((id) => byId.get(id)!);
        refuseIneligible(orders.map(collectionRefusal).filter((refusal) => refusal !== undefined));
        const driverIds = new Set(orders.map((order) => order.driverId));
        const [onlyDriver] = driverIds;
        const driverId = driverIds.size === 1 ? (onlyDriver ?? null) : null;
        return {
          organizationId,
          driverId,
          truckId: driverId ? (orders.find((order) => order.truckId)?.truckId ?? null) : null,
        };
      });
    },

    listForOffice(
      query: AdminManifestListQuery,
      page: Page,
    ): Promise<{ items: Manifest[]; total: ListTotal }> {
      return list({ driverId: query.driverId, date: query.date }, page);
    },

    /** The caller's organization's sheets: any member who may read its orders. */
    listForCustomer(
      auth: AuthContext,
      query: ManifestListQuery,
      page: Page,
    ): Promise<{ items: Manifest[]; total: ListTotal }> {
      return list({ organizationId: assertOrgRoleMay(auth, 'readOrders'), date: query.date }, page);
    },

    async readForOffice(id: string): Promise<ManifestDetail> {
      const row = isUuid(id) ? await findManifest(db, id) : undefined;
      if (!row) throw notFound('manifest.not_found');
      return toManifestDetail(row, await listManifestLines(db, id));
    },

    renderForOffice: (id: string) => renderPdf(id),

    /** Another organization's sheet, or an office's, is not found (404). */
    renderForCustomer: (auth: AuthContext, id: string) =>
      renderPdf(id, assertOrgRoleMay(auth, 'readOrders')),

    async listDrivers(): Promise<ManifestDriver[]> {
      return listActiveDrivers(db);
    },

    async listDispatchParcels(query: DispatchParcelsQuery): Promise<ManifestParcelCandidate[]> {
      if (!query.driverId && !query.orderIds?.length) return [];
      return (await listDispatchCandidates(db, query)).map(toCandidate);
    },

    async listCollectionParcels(auth: AuthContext): Promise<ManifestParcelCandidate[]> {
      const organizationId = assertOrgRoleMay(auth, 'print');
      return (await listCollectionCandidates(db, organizationId)).map(toCandidate);
    },
  };
}

export type ManifestsService = ReturnType<typeof createManifestsService>;
