import { describe, expect, it } from 'vitest';
import { claimTextOf, countedChoiceOf } from './counted-choices';

describe('counted choices', () => {
  it('counts a swap under the alternative, an owned part under its component’s product (ASIN, else link) and name', () => {
    const gpu = { id: 12, type: 'gpu', asin: 'B0GPUOWN01', amazon_link: 'https://www.amazon.it/dp/B0GPUOWN01', name: 'RTX 4070' };
    const linked = { id: 13, type: 'case', asin: null, amazon_link: 'https://example.com/case', name: 'Case' };
    expect(countedChoiceOf({ kind: 'swap', componentId: 12, asin: 'B0GPUALT01', name: 'RTX 5070' }, gpu)).toEqual({ kind: 'swap', componentId: 12, product: 'B0GPUALT01', name: 'RTX 5070' });
    expect(countedChoiceOf({ kind: 'owned', componentId: 12 }, gpu)).toEqual({ kind: 'owned', componentId: 12, product: 'B0GPUOWN01', name: 'RTX 4070' });
    expect(countedChoiceOf({ kind: 'owned', componentId: 13 }, linked)).toEqual({ kind: 'owned', componentId: 13, product: 'https://example.com/case', name: 'Case' });
  });

  it('spells a claim as the claims already stored were made, so a choice claimed before still counts once', () => {
    expect(claimTextOf({ kind: 'swap', componentId: 12, asin: 'B0GPUALT01' })).toBe('scegli:12:B0GPUALT01');
    expect(claimTextOf({ kind: 'owned', componentId: 13 })).toBe('possiedo:13');
  });
});
