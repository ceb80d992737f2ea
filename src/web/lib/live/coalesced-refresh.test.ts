import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescedRefresh } from './coalesced-refresh';

/** A refresh the test finishes by hand, counting its starts. */
function manualRefresh() {
  const finishers: Array<() => void> = [];
  const refresh = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finishers.push(resolve);
      }),
  );
  return { refresh, finish: () => finishers.shift()?.() };
}

const options = { minIntervalMs: 1_000, maxWaitMs: 15_000 };
const elapse = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createCoalescedRefresh', () => {
  it('refreshes at once for a lone event', () => {
    const { refresh } = manualRefresh();
    createCoalescedRefresh(refresh, options).request();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('never cancels the running refresh, and runs one more after it for the events meanwhile', async () => {
    const { refresh, finish } = manualRefresh();
    const coalesced = createCoalescedRefresh(refresh, options);
    coalesced.request();
    coalesced.request();
    coalesced.request();
    expect(refresh).toHaveBeenCalledTimes(1);

    await elapse(300);
    finish();
    await elapse();
    // The second start keeps to the interval.
    expect(refresh).toHaveBeenCalledTimes(1);
    await elapse(700);
    expect(refresh).toHaveBeenCalledTimes(2);

    finish();
    await elapse(5_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('lets a new refresh start when one hangs for longer than maxWaitMs', async () => {
    const { refresh } = manualRefresh();
    const coalesced = createCoalescedRefresh(refresh, options);
    coalesced.request();
    coalesced.request();
    await elapse(14_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    await elapse(1);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('keeps going after a refresh that failed', async () => {
    const refresh = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const coalesced = createCoalescedRefresh(refresh, options);
    coalesced.request();
    await elapse(1_000);
    coalesced.request();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('drops a waiting refresh when cancelled', async () => {
    const { refresh, finish } = manualRefresh();
    const coalesced = createCoalescedRefresh(refresh, options);
    coalesced.request();
    finish();
    await elapse();
    coalesced.request();
    coalesced.cancel();
    await elapse(5_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
