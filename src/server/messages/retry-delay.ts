/** The longest wait between two attempts at one message. */
export const MAX_RETRY_DELAY_MS = 10 * 60_000;

/**
 * Exponential backoff: after the first failed attempt wait `baseMs`, then twice as long after
 * each further one, never more than MAX_RETRY_DELAY_MS.
 */
export function retryDelayMs(failedAttempts: number, baseMs: number): number {
  const doublings = Math.max(0, failedAttempts - 1);
  // 2 ** 40 already passes any cap; stopping there keeps the number finite.
  return Math.min(baseMs * 2 ** Math.min(doublings, 40), MAX_RETRY_DELAY_MS);
}
