import { describe, expect, it } from 'vitest';
import { clientLimitKey } from './client-address';

describe('clientLimitKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientLimitKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, in either notation', () => {
    expect(clientLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientLimitKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = clientLimitKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientLimitKey('2001:0DB8:0001:0002:ffff:ab:12:3')).toBe(key);
    expect(clientLimitKey('2001:db8:1:2:0:0:0:9%eth0')).toBe(key);
    expect(clientLimitKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(clientLimitKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(clientLimitKey('unknown')).toBe('unknown');
  });
});
