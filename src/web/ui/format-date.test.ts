import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatNumericDate,
  formatNumericDateTime,
} from './format-date';

// Midday UTC stays on the same calendar day in every time zone from UTC-11 to UTC+11.
const MIDDAY = '2026-01-05T12:00:00.000Z';

describe('formatDate', () => {
  it('writes day, short month and year', () => {
    expect(formatDate(MIDDAY)).toBe('5 Jan 2026');
    expect(formatDate(MIDDAY, 'en')).toBe('5 Jan 2026');
  });

  it('follows the language it is given', () => {
    expect(formatDate(MIDDAY, 'fr')).toBe(
      new Intl.DateTimeFormat('fr-MA', { dateStyle: 'medium' }).format(new Date(MIDDAY)),
    );
    expect(formatDate(MIDDAY, 'fr')).toMatch(/^5 janv?\. 2026$/);
    expect(formatDate(MIDDAY, 'ar')).toBe(
      new Intl.DateTimeFormat('ar-MA', { dateStyle: 'medium' }).format(new Date(MIDDAY)),
    );
  });
});

describe('formatDateTime', () => {
  it('adds the time of day', () => {
    expect(formatDateTime(MIDDAY)).toMatch(/^5 Jan 2026, \d{2}:\d{2}$/);
    expect(formatDateTime(MIDDAY, 'fr')).toMatch(/^5 janv?\. 2026.* \d{2}:\d{2}$/);
  });
});

describe('numeric dates', () => {
  it('keeps the specification yyyy-MM-dd and yyyy-MM-dd HH:mm in English', () => {
    expect(formatNumericDate(MIDDAY)).toBe('2026-01-05');
    expect(formatNumericDateTime(MIDDAY)).toMatch(/^2026-01-05 \d{2}:\d{2}$/);
    const local = new Date(2026, 0, 5, 9, 7).toISOString();
    expect(formatNumericDateTime(local)).toBe('2026-01-05 09:07');
  });

  it('writes the language order elsewhere', () => {
    expect(formatNumericDate(MIDDAY, 'fr')).toBe('05/01/2026');
    const local = new Date(2026, 0, 5, 9, 7).toISOString();
    expect(formatNumericDateTime(local, 'fr')).toMatch(/^05\/01\/2026.* 09:07$/);
  });
});

describe('formatDayMonth', () => {
  it('names a calendar day as a chart tick', () => {
    expect(formatDayMonth('2026-01-05')).toBe('5 Jan');
    expect(formatDayMonth('2026-09-30')).toBe('30 Sep');
    expect(formatDayMonth('2026-01-05', 'fr')).toMatch(/^5 janv?\.$/);
  });
});
