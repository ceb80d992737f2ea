import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open-database';
import { countAttempt, sweepEndedAttemptCounters } from './attempt-counter-queries';

interface RouteInfo {
  method?: string;
  url?: string;
}

/** How often a process forgets the counters of ended windows. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * @fastify/rate-limit's store on PostgreSQL (docs/decisions/0017-security-review.md, "Attempt limits
 * across processes"): every process of every instance counts on the same rows, so a limit holds
 * as set however many processes answer. Used when the database is PostgreSQL and REDIS_URL is
 * unset; the embedded database has one process and keeps the plugin's memory store.
 */
export function postgresAttemptStore(db: Database, log: FastifyBaseLogger) {
  let lastSweep = 0;
  function sweepNowAndThen(): void {
    const now = Date.now();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    sweepEndedAttemptCounters(db).catch((error: unknown) =>
      log.warn({ err: error }, 'attempt counters not swept'),
    );
  }

  class PostgresAttemptStore implements FastifyRateLimitStore {
    /** Keeps each route's counters apart, as the plugin's Redis store does. */
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'atlas-attempts-',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      sweepNowAndThen();
      countAttempt(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes its merged options with `routeInfo` (the route's method and URL; empty
      // for createRateLimit), which its typings do not name.
      const { routeInfo } = routeOptions as unknown as { routeInfo?: RouteInfo };
      const { method = '', url = '' } = routeInfo ?? {};
      return new PostgresAttemptStore({}, `${this.prefix}${method}${url}-`);
    }
  }
  return PostgresAttemptStore satisfies FastifyRateLimitStoreCtor;
}
