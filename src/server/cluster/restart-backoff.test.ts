import { describe, expect, it } from 'vitest';
import { createRestartBackoff, STABLE_RUN_MS } from './restart-backoff';

describe('createRestartBackoff', () => {
  it('replaces a worker at once, then waits twice as long while workers keep dying young', () => {
    const backoff = createRestartBackoff();
    const delays = Array.from({ length: 8 }, () => backoff.delayAfterDeath(500));
    expect(delays).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('starts over after a worker that ran long enough to be stable', () => {
    const backoff = createRestartBackoff();
    backoff.delayAfterDeath(500);
    backoff.delayAfterDeath(500);
    expect(backoff.delayAfterDeath(STABLE_RUN_MS)).toBe(0);
    expect(backoff.delayAfterDeath(500)).toBe(1_000);
  });
});
