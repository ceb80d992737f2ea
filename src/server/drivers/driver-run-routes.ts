import { DriverRunAnswerSchema } from '#shared/schemas/driver-run-schemas';
import type { ZodApp } from '../http/zod-app';
import { driverOf } from './driver-orders-routes';
import type { DriverRunService } from './driver-run-service';

export function registerDriverRunRoutes(app: ZodApp, service: DriverRunService): void {
  app.get(
    '/driver/run',
    {
      schema: {
        tags: ['driver'],
        security: [{ bearerAuth: [] }],
        summary:
          'My run not ended (else null): its stops in order, the next one, an ETA for each to do',
        response: { 200: DriverRunAnswerSchema },
      },
      onRequest: app.requireRole('DRIVER'),
    },
    async (request) => service.currentRun(driverOf(request).driverId),
  );
}
