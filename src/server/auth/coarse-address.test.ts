import { describe, expect, it } from 'vitest';
import { coarseAddress } from './coarse-address';

describe('coarseAddress', () => {
  it('keeps an IPv4 address’s /24 only', () => {
    expect(coarseAddress('203.0.113.77')).toBe('203.0.113.0/24');
    expect(coarseAddress('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });

  it('keeps an IPv6 address’s /48 only', () => {
    expect(coarseAddress('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48');
    expect(coarseAddress('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(coarseAddress('::1')).toBe('0:0:0::/48');
    expect(coarseAddress('fe80::1%eth0')).toBe('fe80:0:0::/48');
  });

  it('gives nothing for what is not an address', () => {
    expect(coarseAddress(undefined)).toBeUndefined();
    expect(coarseAddress('localhost')).toBeUndefined();
  });
});
