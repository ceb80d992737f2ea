import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from './format';

describe('formatCalendarDay', () => {
  it('writes the weekday and the date of a calendar day in each language', () => {
    expect(formatCalendarDay('2026-11-28', 'en')).toBe('Saturday 28 November');
    expect(formatCalendarDay('2026-11-28', 'fr')).toBe('samedi 28 novembre');
    expect(formatCalendarDay('2026-11-28', 'ar')).toBe('السبت، 28 نونبر');
  });

  it('keeps the day it names whatever the time zone (read at noon UTC)', () => {
    expect(formatCalendarDay('2026-12-31', 'en')).toBe('Thursday 31 December');
    expect(formatCalendarDay('2027-01-01', 'fr')).toBe('vendredi 1 janvier');
  });
});
