import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDate', () => {
  // Midday UTC stays on the same calendar day in every time zone from UTC-11 to UTC+11.
  it('writes day, short month and year', () => {
    expect(formatDate('2026-01-05T12:00:00.000Z')).toBe('5 Jan 2026');
  });

  it('follows the locale it is given', () => {
    expect(formatDate('2026-01-05T12:00:00.000Z', 'en-US')).toBe('Jan 5, 2026');
  });
});

describe('formatDateTime', () => {
  it('adds the time of day', () => {
    expect(formatDateTime('2026-01-05T12:00:00.000Z')).toMatch(/^5 Jan 2026, \d{2}:\d{2}$/);
  });
});
