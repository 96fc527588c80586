import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, nearestWords } from './spelling';

describe('editDistance', () => {
  it.each([
    ['ryzne', 'ryzen', 1],
    ['gamign', 'gaming', 1],
    ['gaming', 'gaming', 0],
    ['gamin', 'gaming', 1],
    ['gamingx', 'gaming', 1],
    ['gxming', 'gaming', 1],
    ['silenzoisa', 'silenziosa', 1],
    ['slienzoisa', 'silenziosa', 2],
    ['abc', 'xyz', 3],
  ])('%s -> %s is %i', (a, b, distance) => {
    expect(editDistance(a, b, 5)).toBe(distance);
  });

  it('stops at the limit: anything further is limit + 1', () => {
    expect(editDistance('ryzen', 'radeon', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('allowedEdits', () => {
  it('corrects nothing under 5 letters, 1 edit up to 7, 2 from 8', () => {
    expect([4, 5, 7, 8, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('nearestWords', () => {
  const vocabulary = ['ryzen', 'radeon', 'gaming', 'gamin', 'games', 'editing', 'ryzon'];

  it('gives the nearest words first, the same length before another, never the word itself', () => {
    expect(nearestWords('ryzne', vocabulary, 3)).toEqual(['ryzen']);
    // "gamin" is one deletion away too: the word of the same length comes first.
    expect(nearestWords('gamign', vocabulary, 3)).toEqual(['gaming', 'gamin']);
    expect(nearestWords('gamins', vocabulary, 3)).toEqual(['gaming', 'gamin']);
    expect(nearestWords('ryzen', vocabulary, 3)).toEqual(['ryzon']);
  });

  it('corrects no short word and keeps at most `max`', () => {
    expect(nearestWords('ryz', vocabulary, 3)).toEqual([]);
    expect(nearestWords('gamis', ['gamia', 'gamib', 'gamic'], 2)).toEqual(['gamia', 'gamib']);
  });
});
