/**
 * Positions, arrival estimates and maps (docs/decisions/0009-drivers.md, "Positions, ETA and
 * maps"):
 *
 *   GET /api/track/:trackingNumber, the customer's and the admin's order detail
 *                                     … + orderMapFields (position only while in transit)
 *   GET /api/admin/map                → AdminMapSchema: every truck on the road
 *   GET /api/map/settings             → MapSettingsSchema: where the map tiles come from
 *   live: `event: position` (POSITION_EVENT_NAME in ../positions.ts) on GET /api/events (PositionEventSchema) and on
 *         GET /api/track/:trackingNumber/events (PublicPositionEventSchema)
 *
 * Depends on zod alone, so that order-schemas.ts and driver-schemas.ts can both use it.
 */
import { z } from 'zod';

export const MapPointSchema = z.object({ lat: z.number(), lng: z.number() });
export type MapPoint = z.infer<typeof MapPointSchema>;

/** The last known position of a truck on the road. */
export const TruckPositionSchema = MapPointSchema.extend({ at: z.string() });
export type TruckPosition = z.infer<typeof TruckPositionSchema>;

/**
 * What a map of one order needs. The route's points are the cities' own coordinates, never a
 * street address, so the public tracking result can show them.
 */
export const orderMapFields = {
  /** The truck's latest position since the dispatch; null unless the order is in transit. */
  position: TruckPositionSchema.nullable(),
  /** Expected arrival (src/shared/eta.ts); null unless the order is on the road. */
  eta: z.string().nullable(),
  route: z.object({ pickup: MapPointSchema, delivery: MapPointSchema }),
};
export const OrderMapFieldsSchema = z.object(orderMapFields);
export type OrderMapFields = z.infer<typeof OrderMapFieldsSchema>;

/** One truck on the road with the order it carries, as the admin map shows it. */
export const AdminMapTruckSchema = z.object({
  truckNumber: z.string(),
  driverName: z.string(),
  orderId: z.uuid(),
  trackingNumber: z.string(),
  pickupLoc: z.string(),
  deliveryLoc: z.string(),
  route: orderMapFields.route,
  position: orderMapFields.position,
  eta: orderMapFields.eta,
});
export type AdminMapTruck = z.infer<typeof AdminMapTruckSchema>;
export const AdminMapSchema = z.array(AdminMapTruckSchema);

export const MapSettingsSchema = z.object({
  /** A Leaflet tile URL template (`{s}`, `{z}`, `{x}`, `{y}`). */
  tileUrl: z.string(),
  attribution: z.string(),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;

export const PositionEventSchema = z.object({
  orderId: z.uuid(),
  trackingNumber: z.string(),
  lat: z.number(),
  lng: z.number(),
  at: z.string(),
});
export type PositionEvent = z.infer<typeof PositionEventSchema>;

/** The public tracking stream names the shipment by its tracking number only. */
export const PublicPositionEventSchema = PositionEventSchema.omit({ orderId: true });
export type PublicPositionEvent = z.infer<typeof PublicPositionEventSchema>;
