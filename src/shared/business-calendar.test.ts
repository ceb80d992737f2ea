import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  businessDayStart,
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

describe('businessDayStart', () => {
  it('is the first hour of the day in Morocco, day after day across changes of offset', () => {
    // Morocco moves to UTC+0 for Ramadan (February–March 2026) and back to UTC+1.
    const hour = 3_600_000;
    for (let day = 0; day < 70; day += 1) {
      const date = addDays('2026-01-25', day);
      for (const asked of [date, date]) {
        const start = businessDayStart(asked);
        expect(toBusinessDate(start)).toBe(date);
        expect(toBusinessDate(new Date(start.getTime() - hour))).toBe(addDays(date, -1));
      }
    }
    expect(businessDayStart('2025-07-02').toISOString()).toBe('2025-07-01T23:00:00.000Z');
    expect(businessDayStart('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('refuses what is not a date', () => {
    expect(() => businessDayStart('2026-13')).toThrow(RangeError);
  });
});
