import {
  AdminTruckListQuerySchema,
  AdminTruckSchema,
  CreateDriverTruckResultSchema,
  CreateDriverTruckSchema,
  DriverActivationResultSchema,
  TruckDriverCombinationListSchema,
  TruckDriverQuerySchema,
} from '#shared/schemas/fleet-schemas';
import { z } from 'zod';
import { officeActorOf } from '../audit/office-actions';
import { ErrorBodySchema } from '../http/errors';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import type { FleetService } from './fleet-service';
import { adminTruckCsvColumns } from './fleet-view';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

export function registerFleetRoutes(app: ZodApp, fleetService: FleetService): void {
  const adminOnly = app.requireRole('ADMIN');

  registerListRoutes(app, {
    path: '/admin/trucks',
    summary: 'Trucks with their drivers and document states',
    tags,
    querystring: AdminTruckListQuerySchema,
    item: AdminTruckSchema,
    guard: adminOnly,
    exportName: 'trucks',
    csvColumns: adminTruckCsvColumns,
    list: (query, page) => fleetService.listTrucks(query, page),
  });

  app.get(
    '/admin/truck-driver',
    {
      schema: {
        tags,
        security,
        summary: 'Available truck-driver combinations (for an order: those that may take it)',
        querystring: TruckDriverQuerySchema,
        response: { 200: TruckDriverCombinationListSchema, 404: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request) => fleetService.listTruckDriverCombinations(request.query),
  );

  app.post(
    '/admin/trucks/add',
    {
      schema: {
        tags,
        security,
        summary: 'Add a driver together with the truck they drive',
        body: CreateDriverTruckSchema,
        response: {
          201: CreateDriverTruckResultSchema,
          400: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await fleetService.addDriverWithTruck(request.body, officeActorOf(request))),
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `/admin/drivers/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary: active
            ? 'Let a deactivated driver sign in and be dispatched again'
            : "Stop a driver signing in or being dispatched, and end the driver's sessions",
          params: z.object({ id: z.string().max(100) }),
          response: { 200: DriverActivationResultSchema, 404: ErrorBodySchema },
        },
        onRequest: adminOnly,
      },
      async (request) =>
        fleetService.setDriverActive(request.params.id, active, officeActorOf(request)),
    );
  }
}
