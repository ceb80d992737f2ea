import { DriverOrderSchema } from '#shared/schemas/driver-schemas';
import { ScannedCodeParamsSchema, ScannedParcelSchema } from '#shared/schemas/scanning-schemas';
import { driverOf } from '../drivers/driver-orders-routes';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { ScanningService } from './scanning-service';

const security = [{ bearerAuth: [] }];

/**
 * The look-ups behind the driver's Scan and "Check my load" and the office's /admin/scan. Like
 * the driver's other order routes they take no rate limit of their own: each answers one parcel
 * the caller may already see in a list.
 */
export function registerScanningRoutes(app: ZodApp, service: ScanningService): void {
  app.get(
    '/driver/parcels/:trackingNumber',
    {
      schema: {
        tags: ['driver'],
        security,
        summary:
          'One of my parcels by its tracking number or label link (another driver’s: 404, as unknown)',
        params: ScannedCodeParamsSchema,
        response: { 200: DriverOrderSchema, 404: ErrorBodySchema },
      },
      onRequest: app.requireRole('DRIVER'),
    },
    async (request) => service.findDriverParcel(driverOf(request), request.params.trackingNumber),
  );

  app.get(
    '/admin/parcels/:trackingNumber',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Any parcel by its tracking number or label link: enough to open it or list it',
        params: ScannedCodeParamsSchema,
        response: { 200: ScannedParcelSchema, 404: ErrorBodySchema },
      },
      onRequest: app.requireRole('ADMIN'),
    },
    async (request) => service.findOfficeParcel(request.params.trackingNumber),
  );
}
