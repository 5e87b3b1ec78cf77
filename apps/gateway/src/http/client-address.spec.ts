import { describe, expect, it } from '@jest/globals';
import { clientKeyOf } from './client-address.js';

describe('clientKeyOf (the abuse limits count one key per client)', () => {
  it('keeps an IPv4 address, also one written as IPv4-mapped IPv6', () => {
    expect(clientKeyOf('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKeyOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts every address of one IPv6 /64 as one client, and another /64 as another', () => {
    const key = clientKeyOf('2001:db8:1:2:aaaa:bbbb:cccc:1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8:1:2::ffff')).toBe(key);
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKeyOf('::1')).toBe('::/64');
  });

  it('leaves anything that is not an IP address as it is', () => {
    expect(clientKeyOf('unknown')).toBe('unknown');
  });
});
