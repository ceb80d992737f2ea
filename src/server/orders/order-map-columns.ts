import { orders } from '../db/schema';

/**
 * The order columns that a map of the order and its arrival estimate need (`MappableOrder`,
 * src/server/positions/positions-service.ts): every read that shows a map selects them.
 */
export const orderMapColumns = {
  status: orders.status,
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
