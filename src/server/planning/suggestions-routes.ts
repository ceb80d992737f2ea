import { z } from 'zod';
import { DispatchSuggestionListSchema } from '#shared/schemas/run-schemas';
import { ErrorBodySchema, localeOf } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { DispatchSuggestions } from './dispatch-suggestions';

const OrderIdParams = z.object({ id: z.string().max(100) });

/** Dispatch suggestions (docs/decisions/0024-runs-and-planning.md, "Dispatch suggestions"): admins only. */
export function registerSuggestionRoutes(app: ZodApp, suggestions: DispatchSuggestions): void {
  app.get(
    '/admin/orders/:id/suggestions',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'The best three truck-driver combinations for a pending order, with why',
        description:
          'Trucks free or with a run not yet started whose driver is active, documents valid ' +
          'and room left for the order at every point of the run; ranked by the road km the ' +
          'order adds (the detour for a run, else the distance to the pickup; unknown last), ' +
          'then by plate. 409 when the order is not pending.',
        params: OrderIdParams,
        response: {
          200: DispatchSuggestionListSchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
      onRequest: app.requireRole('ADMIN'),
    },
    async (request) => ({
      suggestions: await suggestions.suggest(request.params.id, localeOf(request)),
    }),
  );
}
