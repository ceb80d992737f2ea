import type { Database } from '../db/open-database';
import { findUniqueViolationConstraint } from '../db/unique-violation';
import { isUuid } from '../db/uuid';
import { AppError, badRequest, conflict } from '../http/errors';
import {
  findExchangeCandidate,
  listExchangeCandidates,
  type ExchangeCandidate,
} from './orders-queries';

/** One exchange per delivered order (migration 0025): the database's last word on a race. */
const ONE_EXCHANGE_PER_ORDER = 'orders_exchange_of_unique';

/**
 * The order a new one exchanges (docs/decisions/0023-failed-deliveries-and-returns.md,
 * "Exchanges"): a delivered order of the same organization that no other order exchanges yet.
 * Anything else is a 400 on `field` (the body's name for it: `exchange_of` on the wizard's order,
 * `exchangeOf` on /api/v1), another organization's order being as unknown as a missing one.
 * Answers the exchanged order's id.
 */
export async function resolveExchangedOrder(
  db: Database,
  organizationId: string,
  by: { id: string } | { trackingNumber: string },
  field: string,
): Promise<string> {
  if ('id' in by && !isUuid(by.id)) throw exchangeRefused(field);
  return exchangedOrderOf(await findExchangeCandidate(db, organizationId, by), field);
}

const exchangeRefused = (field: string) =>
  badRequest('returns.exchange_invalid', {}, { [field]: 'returns.exchange_invalid' });

/**
 * resolveExchangedOrder for many tracking numbers in one read: by tracking number, the exchanged
 * order's id or why it cannot be exchanged.
 */
export async function resolveExchangedOrders(
  db: Database,
  organizationId: string,
  trackingNumbers: readonly string[],
  field: string,
): Promise<Map<string, string | AppError>> {
  const candidates = new Map(
    (await listExchangeCandidates(db, organizationId, trackingNumbers)).map((candidate) => [
      candidate.trackingNumber,
      candidate,
    ]),
  );
  return new Map<string, string | AppError>(
    trackingNumbers.map((trackingNumber) => {
      try {
        return [trackingNumber, exchangedOrderOf(candidates.get(trackingNumber), field)];
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return [trackingNumber, error];
      }
    }),
  );
}

function exchangedOrderOf(candidate: ExchangeCandidate | undefined, field: string): string {
  if (!candidate || candidate.status !== 'DELIVERED') throw exchangeRefused(field);
  if (candidate.exchanged) throw conflict('returns.exchange_taken');
  return candidate.id;
}

/** A placement that lost the race for its exchanged order: 409, like the check's own answer. */
export function exchangeTakenOf(error: unknown): AppError | undefined {
  return findUniqueViolationConstraint(error) === ONE_EXCHANGE_PER_ORDER
    ? conflict('returns.exchange_taken')
    : undefined;
}
