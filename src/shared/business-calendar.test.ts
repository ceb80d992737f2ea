import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  businessDateOfHour,
  listDaysUpTo,
  toBusinessDate,
} from './business-calendar';

describe('toBusinessDate', () => {
  it('gives the calendar day in Morocco, which can differ from the UTC day', () => {
    // 23:30 UTC on 1 July is 00:30 on 2 July in Casablanca (UTC+1).
    expect(toBusinessDate(new Date('2025-07-01T23:30:00Z'))).toBe('2025-07-02');
    expect(toBusinessDate(new Date('2025-07-01T12:00:00Z'))).toBe('2025-07-01');
  });
});

describe('addDays and addMonths', () => {
  it('cross month and year ends', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2025-11-22', 12)).toBe('2026-11-22');
    expect(addMonths('2026-11-22', -12)).toBe('2025-11-22');
  });

  it('land on the last day of a shorter month', () => {
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('refuse text that is not an ISO date', () => {
    expect(() => addDays('22/11/2026', 1)).toThrow(RangeError);
  });
});

describe('listDaysUpTo', () => {
  it('lists the days ending with the given one, oldest first', () => {
    expect(listDaysUpTo('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('businessDateOfHour', () => {
  it('gives the day toBusinessDate gives, hour after hour across a change of offset', () => {
    // Morocco moves to UTC+0 for Ramadan (February–March 2026) and back to UTC+1.
    const start = Date.UTC(2026, 0, 25);
    for (let hour = 0; hour < 24 * 70; hour += 1) {
      const instant = new Date(start + hour * 3_600_000);
      expect(businessDateOfHour(instant)).toBe(toBusinessDate(instant));
      expect(businessDateOfHour(new Date(instant.getTime()))).toBe(toBusinessDate(instant));
    }
  });
});
