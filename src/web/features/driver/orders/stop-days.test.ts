import { describe, expect, it } from 'vitest';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import { splitByStopDay } from './stop-days';

const order = (id: string, nextAttemptOn: string | null) => ({ id, nextAttemptOn }) as DriverOrder;

describe('splitByStopDay', () => {
  it("keeps today's stops first and groups the postponed ones under their day", () => {
    const { today, later } = splitByStopDay(
      [
        order('a', null),
        order('b', '2026-12-01'),
        order('c', '2026-12-03'),
        order('d', '2026-12-04'),
        order('e', '2026-12-04'),
      ],
      '2026-12-01',
    );
    expect(today.map((o) => o.id)).toEqual(['a', 'b']);
    expect(later.map(({ day, orders }) => [day, orders.map((o) => o.id)])).toEqual([
      ['2026-12-03', ['c']],
      ['2026-12-04', ['d', 'e']],
    ]);
  });
});
