import { describe, expect, it } from 'vitest';
import { partTypeName } from './catalog';

describe('partTypeName', () => {
  it.each([
    ['Motherboard', 'Motherboard'],
    ['MOTHERBOARD', 'Motherboard'],
    ['storage', 'Storage'],
    [' PSU ', 'PSU'],
    ['cooler', 'Cooler'],
    ['other', 'Other'],
    ['Scheda audio', 'Scheda audio'],
  ])('%s → %s', (stored, shown) => {
    expect(partTypeName(stored)).toBe(shown);
  });
});
