import { afterEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { createMonthlyInvoicing } from './monthly-invoicing';

const log = pino({ level: 'silent' });
const result = { message: 'Invoices issued', issued: 0, alreadyIssued: 0, skipped: 0 };

afterEach(() => {
  vi.useRealTimers();
});

describe('the monthly invoicing job', () => {
  it('issues the month that ended in Morocco, at start and then every interval, as no one', async () => {
    vi.useFakeTimers();
    const issueMonth = vi.fn(async (month: string) => ({ ...result, month }));
    // 23:30 UTC on 31 December 2026 is already 1 January 2027 in Casablanca.
    const job = createMonthlyInvoicing({
      invoicesService: { issueMonth },
      clock: () => new Date('2026-12-31T23:30:00Z'),
      log,
      intervalMs: 1_000,
    });
    job.start();
    expect(issueMonth).toHaveBeenLastCalledWith('2026-12', null);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(issueMonth).toHaveBeenCalledTimes(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(issueMonth).toHaveBeenCalledTimes(3);
  });

  it('keeps running after a failed run, and never runs twice at once', async () => {
    let finish: () => void = () => {};
    const issueMonth = vi
      .fn()
      .mockRejectedValueOnce(new Error('database down'))
      .mockImplementationOnce(
        () => new Promise((resolve) => (finish = () => resolve({ ...result, month: '2026-10' }))),
      );
    const job = createMonthlyInvoicing({
      invoicesService: { issueMonth },
      clock: () => new Date('2026-11-15T10:00:00Z'),
      log,
    });
    await job.runNow();
    const first = job.runNow();
    const second = job.runNow();
    expect(issueMonth).toHaveBeenCalledTimes(2);
    finish();
    await Promise.all([first, second]);
    expect(issueMonth).toHaveBeenLastCalledWith('2026-10', null);
  });
});
