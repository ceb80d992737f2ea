/** A worker that served this long before dying was not part of a crash loop. */
export const STABLE_RUN_MS = 30_000;
const FIRST_DELAY_MS = 1_000;
const LONGEST_DELAY_MS = 30_000;

/**
 * When to replace a dead worker: at once after a stable run, then after 1 s, 2 s, 4 s… up to
 * 30 s while workers keep dying young, so that a crash loop does not keep a core busy starting
 * processes that die.
 */
export function createRestartBackoff() {
  let youngDeaths = 0;
  return {
    delayAfterDeath(uptimeMs: number): number {
      if (uptimeMs >= STABLE_RUN_MS) youngDeaths = 0;
      const delay =
        youngDeaths === 0 ? 0 : Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** (youngDeaths - 1));
      youngDeaths += 1;
      return delay;
    },
  };
}
