/**
 * Finding a parcel by scanning its label or typing its number (docs/decisions/0022-labels-manifests-scanning.md,
 * "Scanning"). The number may be in any case, with spaces around it, or the label's whole QR link
 * (#shared/scanned-code), URL-encoded into the path.
 *
 *   GET /api/driver/parcels/:trackingNumber  → DriverOrderSchema (the driver's own parcels only)
 *   GET /api/admin/parcels/:trackingNumber   → ScannedParcelSchema
 */
import { z } from 'zod';
import { OrderStatusSchema } from './order-schemas';

/**
 * The router refuses a path parameter over 100 characters (Fastify's maxParamLength: 414), which a
 * link on a long PUBLIC_URL can reach once encoded; the screens therefore send the number they
 * read out of it (#shared/scanned-code), and other callers may send the link.
 */
export const ScannedCodeParamsSchema = z.object({ trackingNumber: z.string() });

/** What the office needs of a scanned parcel: open its page, or add it to a hand-over sheet. */
export const ScannedParcelSchema = z.object({
  id: z.uuid(),
  trackingNumber: z.string(),
  status: OrderStatusSchema,
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  receiverName: z.string().nullable(),
  deliveryCity: z.string(),
});
export type ScannedParcel = z.infer<typeof ScannedParcelSchema>;
