import { z } from 'zod';
import type { ZodApp } from '../http/zod-app';
import { pingDatabase, type Database } from '../db/open-database';

const HealthSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
const HealthDownSchema = z.object({ status: z.literal('error'), db: z.literal('error') });

/**
 * A load balancer asks often and gives up after a couple of seconds: the ping answers in time
 * even when every pooled connection hangs on a dead link (docs/decisions/0011-hardening.md).
 */
const PING_DEADLINE_MS = 1_500;

class PingDeadlineError extends Error {
  constructor() {
    super(`No answer to the database ping within ${PING_DEADLINE_MS} ms`);
    this.name = 'PingDeadlineError';
  }
}

/** The ping, or a PingDeadlineError once the deadline passes; a late answer is dropped. */
function pingWithinDeadline(db: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PingDeadlineError()), PING_DEADLINE_MS);
  });
  // The ping that lost the race may still fail later; that is no longer anyone's concern.
  const ping = pingDatabase(db);
  ping.catch(() => {});
  return Promise.race([ping, deadline]).finally(() => clearTimeout(timer));
}

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
        await pingWithinDeadline(db);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database ping failed');
        return reply.status(503).send({ status: 'error' as const, db: 'error' as const });
      }
    },
  );
}
