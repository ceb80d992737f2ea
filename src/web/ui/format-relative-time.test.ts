import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

const now = Date.parse('2026-01-05T12:00:00.000Z');
const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('writes French and Arabic through Intl, in the largest whole unit', () => {
    const french = new Intl.RelativeTimeFormat('fr-MA', { numeric: 'auto' });
    expect(formatRelativeTime(before(2 * 3600 + 50), 'fr', now)).toBe(french.format(-2, 'hour'));
    expect(formatRelativeTime(before(5 * 60), 'fr', now)).toBe(french.format(-5, 'minute'));
    expect(formatRelativeTime(before(3 * 86400), 'fr', now)).toBe(french.format(-3, 'day'));
    const arabic = new Intl.RelativeTimeFormat('ar-MA', { numeric: 'auto' });
    expect(formatRelativeTime(before(10), 'ar', now)).toBe(arabic.format(-10, 'second'));
  });

  it('keeps English as date-fns writes it', () => {
    expect(formatRelativeTime(new Date(Date.now() - 2 * 3600 * 1000).toISOString())).toBe(
      'about 2 hours ago',
    );
  });
});
