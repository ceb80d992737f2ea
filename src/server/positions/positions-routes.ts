import { z } from 'zod';
import { DriverPositionSchema } from '#shared/schemas/driver-schemas';
import { AdminMapSchema, MapSettingsSchema } from '#shared/schemas/map-schemas';
import { authOf } from '../auth/auth-guards';
import type { AppConfig } from '../config';
import { ErrorBodySchema, forbidden } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { PositionsService } from './positions-service';

/**
 * docs/decisions/0009-drivers.md, "Positions, ETA and maps": the driver's phone sends its
 * position, the admin map lists the trucks on the road, and every map learns where its tiles
 * come from.
 */
export function registerPositionRoutes(
  app: ZodApp,
  {
    positionsService,
    config,
  }: {
    positionsService: PositionsService;
    config: Pick<AppConfig, 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION'>;
  },
): void {
  app.post(
    '/driver/position',
    {
      schema: {
        tags: ['driver'],
        security: [{ bearerAuth: [] }],
        summary: 'The signed-in driver’s position (inside Morocco), sent while on the road',
        description:
          'Kept 30 days; shown live on the maps of the driver’s orders in transit. Accepts an ' +
          '`Idempotency-Key` header.',
        body: DriverPositionSchema,
        response: {
          204: z.null(),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
      onRequest: app.requireRole('DRIVER'),
      preHandler: app.idempotent,
    },
    async (request, reply) => {
      const { driverId } = authOf(request);
      if (!driverId) throw forbidden();
      await positionsService.recordPosition(driverId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/map',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Every truck on the road: its order, its last position and the expected arrival',
        response: { 200: AdminMapSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
      onRequest: app.requireRole('ADMIN'),
    },
    async () => positionsService.listTrucksOnTheRoad(),
  );

  app.get(
    '/map/settings',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Where the maps’ tiles come from (no login)',
        response: { 200: MapSettingsSchema },
      },
    },
    async () => ({ tileUrl: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION }),
  );
}
