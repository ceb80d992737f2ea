/** The first wait after a stream fails; each failure in a row doubles it. */
export const FIRST_RECONNECT_DELAY_MS = 1_000;
/** A stream down for long still tries twice a minute, never less often. */
export const MAX_RECONNECT_DELAY_MS = 30_000;

/** How long to wait before the next try, after `failures` failed tries in a row (1 or more). */
export function reconnectDelayMs(failures: number): number {
  const doubled = FIRST_RECONNECT_DELAY_MS * 2 ** Math.max(0, failures - 1);
  return Math.min(MAX_RECONNECT_DELAY_MS, doubled);
}
