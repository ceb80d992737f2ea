import type { FastifyBaseLogger } from 'fastify';
import { businessMonthOf, previousMonth } from '#shared/invoices';
import type { IssueInvoicesResult } from '#shared/schemas/invoice-schemas';
import type { Issuer } from './invoices-service';

export interface MonthlyInvoicingDeps {
  invoicesService: { issueMonth(month: string, issuer: Issuer): Promise<IssueInvoicesResult> };
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Between two runs: an hour. */
  intervalMs?: number;
}

/**
 * The monthly invoices (docs/decisions/0020-merchant-money.md, "Invoices"): at start and then
 * every hour, each server process issues the month that ended last in Morocco. Issuing is
 * idempotent per organization and month and safe under concurrency, so the runs after the first
 * of a month (and those of other processes) find it done and issue nothing; a process that was
 * down on the 1st catches up when it starts. The job is no office action: its invoices name no
 * issuer and it writes no audit row (the audit trail records what an admin did).
 */
export function createMonthlyInvoicing({
  invoicesService,
  clock,
  log,
  intervalMs = 3_600_000,
}: MonthlyInvoicingDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  function run(): Promise<void> {
    if (running) return running;
    const month = previousMonth(businessMonthOf(clock()));
    running = invoicesService
      .issueMonth(month, null)
      .then(
        () => undefined,
        (error: unknown) => {
          // The next run tries again: whatever was issued stays issued.
          log.error({ err: error, month }, 'monthly invoices could not be issued');
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    /** The run at start is not awaited: the server listens while it issues. */
    start() {
      void run();
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
    },
    /** For tests: one run, as the timer would. */
    runNow: run,
    /** Stops the timer and waits for a run under way. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export type MonthlyInvoicing = ReturnType<typeof createMonthlyInvoicing>;
