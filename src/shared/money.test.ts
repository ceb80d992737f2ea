import { describe, expect, it } from 'vitest';
import { cashShortfallCentimes, centimesToMad, madToCentimes } from './money';

describe('money', () => {
  it('converts MAD and centimes both ways', () => {
    expect(madToCentimes(12.34)).toBe(1234);
    expect(madToCentimes(0.1 + 0.2)).toBe(30);
    expect(centimesToMad(1234)).toBe(12.34);
  });

  it('finds a shortfall only when less than the price was collected', () => {
    expect(cashShortfallCentimes(10_000, 7_500)).toBe(2_500);
    expect(cashShortfallCentimes(10_000, 10_000)).toBeNull();
    expect(cashShortfallCentimes(10_000, 12_000)).toBeNull();
    expect(cashShortfallCentimes(10_000, null)).toBeNull();
  });
});
