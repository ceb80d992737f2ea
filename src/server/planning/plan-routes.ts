import { z } from 'zod';
import {
  ConfirmedPlanSchema,
  ConfirmPlanSchema,
  PlanRunsSchema,
  RunPlanSchema,
} from '#shared/schemas/run-schemas';
import { officeActorOf } from '../audit/office-actions';
import { ErrorBodySchema, localeOf, messageTextIn } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { PlanService } from './plan-service';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/** Planning (docs/decisions/0024-runs-and-planning.md, "Planning"): admins only. */
export function registerPlanRoutes(app: ZodApp, planService: PlanService): void {
  const adminOnly = app.requireRole('ADMIN');

  app.post(
    '/admin/runs/plan',
    {
      schema: {
        tags,
        security,
        summary: 'Propose runs for pending orders: which truck takes which, stops in order',
        description:
          'The product’s solver (capacitated pickup and delivery) spreads the orders over the ' +
          'trucks (`truckIds`, or every truck free today) and orders each run’s stops for the ' +
          'shortest road; orders that fit no truck are listed with their reason. Nothing is ' +
          'dispatched: confirm the proposal with its id. The same request gives the same plan.',
        body: PlanRunsSchema,
        response: {
          201: RunPlanSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const locale = localeOf(request);
      const plan = await planService.plan(request.body, officeActorOf(request), (text) =>
        messageTextIn(locale, text),
      );
      return reply.status(201).send(plan);
    },
  );

  app.post(
    '/admin/runs/plan/:id/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Dispatch a plan’s runs, as proposed or edited, all or none',
        description:
          'Without `runs` the proposal is dispatched as it was; with `runs`, each truck’s stops ' +
          'as the office edited them (trucks and orders of the plan only). Every run is checked ' +
          'again: a load over capacity at some stop or a delivery before its pickup is refused ' +
          'with 409 and the reason, as is an order no longer pending or a truck given a run ' +
          'meanwhile. A plan is confirmed once.',
        params: z.object({ id: z.string().max(100) }),
        body: ConfirmPlanSchema,
        response: {
          200: ConfirmedPlanSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: adminOnly,
    },
    async (request) => planService.confirm(request.params.id, request.body, officeActorOf(request)),
  );
}
