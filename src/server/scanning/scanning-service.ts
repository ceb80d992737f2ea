import { trackingNumberFromScan } from '#shared/scanned-code';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import type { ScannedParcel } from '#shared/schemas/scanning-schemas';
import type { Database } from '../db/open-database';
import type { DriverCaller } from '../drivers/driver-orders-service';
import { toDriverOrder } from '../drivers/driver-orders-view';
import { notFound } from '../http/errors';
import {
  findAdminOrder,
  findDriverOrder,
  findOrderIdByTrackingNumber,
} from '../orders/order-reads';

/**
 * Looking a parcel up by what was scanned or typed (docs/decisions/0022-labels-manifests-scanning.md,
 * "Scanning"). A number nobody has and another driver's parcel get the same 404, so a driver
 * learns nothing of parcels that are not theirs.
 */
export function createScanningService({ db }: { db: Database }) {
  async function orderIdOf(scanned: string): Promise<string> {
    const trackingNumber = trackingNumberFromScan(scanned);
    const orderId = trackingNumber && (await findOrderIdByTrackingNumber(db, trackingNumber));
    if (!orderId) throw notFound('order.tracking_not_found');
    return orderId;
  }

  return {
    /** One of the driver's parcels, in any status, as their list shows it. */
    async findDriverParcel(caller: DriverCaller, scanned: string): Promise<DriverOrder> {
      const row = await findDriverOrder(db, caller.driverId, await orderIdOf(scanned));
      if (!row) throw notFound('order.tracking_not_found');
      return toDriverOrder(row);
    },

    async findOfficeParcel(scanned: string): Promise<ScannedParcel> {
      const row = await findAdminOrder(db, await orderIdOf(scanned));
      if (!row) throw notFound('order.tracking_not_found');
      return {
        id: row.order.id,
        trackingNumber: row.order.trackingNumber,
        status: row.order.status,
        driverId: row.driver?.id ?? null,
        driverName: row.driver?.fullName ?? null,
        receiverName: row.order.receiverName,
        deliveryCity: row.order.deliveryLoc,
      };
    },
  };
}

export type ScanningService = ReturnType<typeof createScanningService>;
