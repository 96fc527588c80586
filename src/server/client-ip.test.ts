import { describe, expect, it } from 'vitest';
import { forwardedClientAddress } from './client-ip';

describe('forwardedClientAddress (TRUST_PROXY as a hop count)', () => {
  it('trusts nothing without proxies, or without the header', () => {
    expect(forwardedClientAddress('203.0.113.5', 0)).toBeNull();
    expect(forwardedClientAddress(undefined, 1)).toBeNull();
    expect(forwardedClientAddress('', 1)).toBeNull();
    expect(forwardedClientAddress(' , ,', 1)).toBeNull();
  });

  it('one proxy: the right-most entry, the one the proxy appended', () => {
    expect(forwardedClientAddress('203.0.113.5', 1)).toBe('203.0.113.5');
    expect(forwardedClientAddress('  203.0.113.5  ', 1)).toBe('203.0.113.5');
    expect(forwardedClientAddress('2001:db8::1', 1)).toBe('2001:db8::1');
  });

  it.each([
    ['1.1.1.1, 203.0.113.5', 1, '203.0.113.5'],
    ['1.1.1.1, 2.2.2.2, 3.3.3.3, 203.0.113.5', 1, '203.0.113.5'],
    ['1.1.1.1, 203.0.113.5, 10.0.0.2', 2, '203.0.113.5'],
    ['evil, 1.1.1.1, 203.0.113.5, 10.0.0.3, 10.0.0.2', 3, '203.0.113.5'],
    ['1.1.1.1,203.0.113.5,,10.0.0.2', 2, '203.0.113.5'],
  ])('ignores the spoofed left-most entries of %j with %i proxies', (header, hops, client) => {
    expect(forwardedClientAddress(header, hops)).toBe(client);
  });

  it('the same client whatever the client prepends', () => {
    const seen = new Set(['a', 'b, c', '9.9.9.9', '1.2.3.4, 5.6.7.8'].map((spoof) => forwardedClientAddress(`${spoof}, 203.0.113.5, 10.0.0.2`, 2)));
    expect([...seen]).toEqual(['203.0.113.5']);
  });

  it('fewer entries than proxies: the left-most, which a trusted proxy wrote', () => {
    expect(forwardedClientAddress('203.0.113.5', 2)).toBe('203.0.113.5');
    expect(forwardedClientAddress('203.0.113.5, 10.0.0.2', 3)).toBe('203.0.113.5');
  });

  it('keeps at most 64 characters of an entry', () => {
    expect(forwardedClientAddress('x'.repeat(500), 1)).toBe('x'.repeat(64));
  });
});
