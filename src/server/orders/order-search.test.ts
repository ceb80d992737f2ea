import { describe, expect, it } from 'vitest';
import { parseOrderSearch } from './order-search';

describe('parseOrderSearch', () => {
  it('reads the start of an id, with or without #, as a range of uuids', () => {
    expect(parseOrderSearch('#3f2a').idRange).toEqual([
      '3f2a0000-0000-0000-0000-000000000000',
      '3f2affff-ffff-ffff-ffff-ffffffffffff',
    ]);
    expect(parseOrderSearch('3F2A91C0-7B').idRange).toEqual([
      '3f2a91c0-7b00-0000-0000-000000000000',
      '3f2a91c0-7bff-ffff-ffff-ffffffffffff',
    ]);
  });

  it('reads no id from text that cannot start one', () => {
    expect(parseOrderSearch('casa').idRange).toBeUndefined();
    expect(parseOrderSearch('3f2a-91').idRange).toBeUndefined();
    expect(parseOrderSearch('a'.repeat(33)).idRange).toBeUndefined();
  });

  it('reads a tracking number typed in any form as its prefix', () => {
    expect(parseOrderSearch('ma-7k3q-9zp2').trackingPrefixes).toContain('MA-7K3Q-9ZP2');
    expect(parseOrderSearch('MA7K3Q').trackingPrefixes).toContain('MA-7K3Q');
    expect(parseOrderSearch('7k3q9z').trackingPrefixes).toEqual(['MA-7K3Q-9Z']);
    expect(parseOrderSearch('O Brien!').trackingPrefixes).toEqual([]);
  });

  it('names the cities the text can mean and keeps the text for customer names', () => {
    const search = parseOrderSearch('  Marrak ');
    expect(search.cities).toEqual(['Marrakech']);
    expect(search.text).toBe('Marrak');
  });
});
