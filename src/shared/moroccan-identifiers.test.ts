import { describe, expect, it } from 'vitest';
import {
  compactDigits,
  formatRib,
  isValidIce,
  isValidRib,
  ribCheckKey,
} from './moroccan-identifiers';

/*
 * The BBAN of the IBAN registry's example for Morocco (MA64 0115 1900 0001 2050 0053 4921): a
 * real bank's published RIB, its key 21.
 */
const REGISTRY_RIB = '011519000001205000534921';

describe('RIB', () => {
  it('computes the key of a published RIB', () => {
    expect(ribCheckKey(REGISTRY_RIB.slice(0, 22))).toBe('21');
    expect(isValidRib(REGISTRY_RIB)).toBe(true);
  });

  it('pads a key below 10 with a zero, and accepts it', () => {
    const first22 = '0000000000000000000005';
    expect(ribCheckKey(first22)).toBe('82');
    const lowKey = Array.from({ length: 200 }, (_, n) => String(n).padStart(22, '0')).find(
      (digits) => Number(ribCheckKey(digits)) < 10,
    )!;
    expect(ribCheckKey(lowKey)).toMatch(/^0\d$/);
    expect(isValidRib(lowKey + ribCheckKey(lowKey))).toBe(true);
  });

  it.each([
    ['a wrong key', '011519000001205000534922'],
    ['two digits swapped', '101519000001205000534921'],
    ['23 digits', '01151900000120500053492'],
    ['25 digits', '0115190000012050005349210'],
    ['a letter', '01151900000120500053492A'],
    ['spaces left in', '011 519 0000012050005349 21'],
    ['nothing', ''],
  ])('refuses %s', (_, rib) => {
    expect(isValidRib(rib)).toBe(false);
  });

  it('reads a RIB typed with spaces, and prints it in groups', () => {
    expect(compactDigits(' 011 519\u00a00000012050005349 21 ')).toBe(REGISTRY_RIB);
    expect(formatRib(REGISTRY_RIB)).toBe('011 519 0000012050005349 21');
  });
});

describe('ICE', () => {
  it('is exactly 15 digits', () => {
    expect(isValidIce('001525470000061')).toBe(true);
    expect(isValidIce('00152547000006')).toBe(false);
    expect(isValidIce('0015254700000612')).toBe(false);
    expect(isValidIce('00152547000006X')).toBe(false);
    expect(isValidIce('')).toBe(false);
  });
});
