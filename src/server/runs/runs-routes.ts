import { z } from 'zod';
import {
  AddRunOrdersSchema,
  CreateRunSchema,
  RunDetailSchema,
  RunListQuerySchema,
  RunSummarySchema,
} from '#shared/schemas/run-schemas';
import { officeActorOf } from '../audit/office-actions';
import { ErrorBodySchema } from '../http/errors';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import { runCsvColumns } from './run-view';
import type { RunsService } from './runs-service';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const RunIdParams = z.object({ id: z.string().max(100) });

/** Runs (docs/decisions/0024-runs-and-planning.md): the office's routes, admins only. */
export function registerRunRoutes(app: ZodApp, runsService: RunsService): void {
  const adminOnly = app.requireRole('ADMIN');

  app.post(
    '/admin/runs',
    {
      schema: {
        tags,
        security,
        summary: "Dispatch orders on one truck's new run, all or none",
        description:
          'Every order must be pending and fit: one that cannot go refuses the whole run with ' +
          '409, naming it and why. `stops` (each order’s pickup and delivery, in order) is ' +
          'checked against the truck: capacity at every stop, each pickup before its delivery. ' +
          'Without it the stops are ordered for the shortest road. 409 when the truck already ' +
          'has a run that has not ended.',
        body: CreateRunSchema,
        response: {
          201: RunDetailSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply.status(201).send(await runsService.createRun(request.body, officeActorOf(request))),
  );

  registerListRoutes(app, {
    path: '/admin/runs',
    summary: 'Runs, newest day first (status, date)',
    tags,
    querystring: RunListQuerySchema,
    item: RunSummarySchema,
    guard: adminOnly,
    exportName: 'runs',
    csvColumns: runCsvColumns,
    list: (query, page) => runsService.listRuns(query, page),
  });

  app.get(
    '/admin/runs/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One run: its stops in order, the load after each, distance, times, progress',
        params: RunIdParams,
        response: { 200: RunDetailSchema, 404: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request) => runsService.getRun(request.params.id),
  );

  app.post(
    '/admin/runs/:id/orders',
    {
      schema: {
        tags,
        security,
        summary: 'Add orders to a run that has not started',
        description:
          'All or none, as a new run; 409 once the run has started or when the truck has no ' +
          'room left at some stop.',
        params: RunIdParams,
        body: AddRunOrdersSchema,
        response: {
          200: RunDetailSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
    },
    async (request) =>
      runsService.addOrders(request.params.id, request.body, officeActorOf(request)),
  );
}
