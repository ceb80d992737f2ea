import { describe, expect, it } from 'vitest';
import { formatDecimal, roundTo, roundToCents } from './numbers';

describe('roundTo', () => {
  it('rounds half away from zero on the written number, not the stored double', () => {
    // 1.005 is stored as 1.00499999999999989…; a person rounds the written 1.005 up.
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(1234.005)).toBe(1234.01);
    expect(roundToCents(-1.005)).toBe(-1.01);
    expect(roundToCents(0.1 + 0.2)).toBe(0.3);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(1801.5, 0)).toBe(1802);
    expect(roundTo(144.55, 1)).toBe(144.6);
  });

  it('never returns -0', () => {
    expect(Object.is(roundToCents(-0.001), 0)).toBe(true);
  });
});

describe('formatDecimal', () => {
  it('groups thousands with commas whatever the runtime locale', () => {
    expect(formatDecimal(1234567.891, 2, 2)).toBe('1,234,567.89');
    expect(formatDecimal(1.005, 2, 2)).toBe('1.01');
    expect(formatDecimal(-0.001, 2, 2)).toBe('0.00');
    expect(formatDecimal(12, 0, 2)).toBe('12');
  });

  it('keeps en-US figures for English and follows the Moroccan locale for French and Arabic', () => {
    expect(formatDecimal(1234.5, 2, 2, 'en')).toBe('1,234.50');
    const intl = (locale: string) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(formatDecimal(1234.505, 2, 2, 'fr')).toBe(intl('fr-MA').format(1234.51));
    expect(formatDecimal(1234.505, 2, 2, 'ar')).toBe(intl('ar-MA').format(1234.51));
    expect(formatDecimal(12.5, 0, 2, 'fr')).toMatch(/^12,5$/);
  });
});
