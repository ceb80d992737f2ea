/** The longest wait between two attempts at one message. */
export const MAX_RETRY_DELAY_MS = 10 * 60_000;
/**
 * A webhook's: it is tried until its endpoint has failed for 3 days (about 80 attempts), not
 * OUTBOX_MAX_ATTEMPTS times (docs/decisions/0021-shippers-api.md, "Sending a webhook").
 */
export const MAX_WEBHOOK_RETRY_DELAY_MS = 60 * 60_000;

/**
 * Exponential backoff: after the first failed attempt wait `baseMs`, then twice as long after
 * each further one, never more than `maxMs`.
 */
export function retryDelayMs(
  failedAttempts: number,
  baseMs: number,
  maxMs: number = MAX_RETRY_DELAY_MS,
): number {
  const doublings = Math.max(0, failedAttempts - 1);
  // 2 ** 40 already passes any cap; stopping there keeps the number finite.
  return Math.min(baseMs * 2 ** Math.min(doublings, 40), maxMs);
}
