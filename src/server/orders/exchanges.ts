import type { Database } from '../db/open-database';
import { findUniqueViolationConstraint } from '../db/unique-violation';
import { isUuid } from '../db/uuid';
import { badRequest, conflict, type AppError } from '../http/errors';
import { findExchangeCandidate } from './orders-queries';

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
  const refused = () =>
    badRequest('returns.exchange_invalid', {}, { [field]: 'returns.exchange_invalid' });
  if ('id' in by && !isUuid(by.id)) throw refused();
  const candidate = await findExchangeCandidate(db, organizationId, by);
  if (!candidate || candidate.status !== 'DELIVERED') throw refused();
  if (candidate.exchanged) throw conflict('returns.exchange_taken');
  return candidate.id;
}

/** A placement that lost the race for its exchanged order: 409, like the check's own answer. */
export function exchangeTakenOf(error: unknown): AppError | undefined {
  return findUniqueViolationConstraint(error) === ONE_EXCHANGE_PER_ORDER
    ? conflict('returns.exchange_taken')
    : undefined;
}
