import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from './retry-delay';

describe('retryDelayMs', () => {
  it('waits the base after the first failure, then doubles', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 2000))).toEqual([
      2000, 4000, 8000, 16000,
    ]);
  });

  it('never waits more than 10 minutes', () => {
    expect(retryDelayMs(9, 2000)).toBe(512_000);
    expect(retryDelayMs(10, 2000)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(1000, 2000)).toBe(MAX_RETRY_DELAY_MS);
  });
});
