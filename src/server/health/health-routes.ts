import { z } from 'zod';
import type { ZodApp } from '../http/zod-app';
import { pingDatabase, type Database } from '../db/open-database';

const HealthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
const HealthDownSchema = z.object({ status: z.literal('error'), db: z.literal('error') });

export function registerHealthRoutes(app: ZodApp, db: Database): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: HealthSchema, 503: HealthDownSchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(db);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database ping failed');
        return reply.status(503).send({ status: 'error' as const, db: 'error' as const });
      }
    },
  );
}
