import { RETURN_STATUSES } from '#shared/order-status';

/** docs/product.md, section 9: the Canceled count shows 8 when the data carries no count for it. */
export const MISSING_CANCELED_COUNT = 8;

export interface StatusSummary {
  onTheRoad: number;
  delivered: number;
  canceled: number;
  /** Parcels going back to their sender or back with them (docs/decisions/0023). */
  returns: number;
}

/**
 * The dashboard Summary (docs/product.md, sections 2 and 4): On the Road is IN_TRANSIT
 * plus PENDING, and cancelled orders may be counted under either spelling; Returns is RETURNING
 * plus RETURNED (docs/decisions/0023-failed-deliveries-and-returns.md). A missing count is 0,
 * except Canceled.
 */
export function summarizeStatusCounts(
  counts: Readonly<Partial<Record<string, number>>>,
): StatusSummary {
  const countOf = (status: string) => counts[status] ?? 0;
  const cancelKeys = ['CANCELLED', 'CANCELED'].filter((status) => counts[status] !== undefined);
  return {
    onTheRoad: countOf('IN_TRANSIT') + countOf('PENDING'),
    delivered: countOf('DELIVERED'),
    canceled:
      cancelKeys.length === 0
        ? MISSING_CANCELED_COUNT
        : cancelKeys.reduce((sum, status) => sum + countOf(status), 0),
    returns: RETURN_STATUSES.reduce((sum, status) => sum + countOf(status), 0),
  };
}
