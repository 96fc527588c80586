import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey: IPv4 per address, IPv6 per /64', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('203.0.113.6')).not.toBe(addressKey('203.0.113.5'));
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::FFFF:203.0.113.5')).toBe('203.0.113.5');
  });

  it('gives every address of one /64 the same key, whatever its spelling', () => {
    const keys = new Set(
      ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:abcd::9', '2001:db8:1:2:0:0:0:0', '2001:db8:1:2::1%eth0', '2001:db8:1:2::10.0.0.1'].map(addressKey),
    );
    expect([...keys]).toEqual(['2001:db8:1:2::/64']);
  });

  it('tells neighbouring /64 networks apart', () => {
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('returns anything that is not an address unchanged', () => {
    expect(addressKey('unknown')).toBe('unknown');
    expect(addressKey('2001:db8::zz')).toBe('2001:db8::zz');
  });
});
