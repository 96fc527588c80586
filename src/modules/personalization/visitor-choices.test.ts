import { describe, expect, it } from 'vitest';
import type { OfferedAlternative } from './offered-alternatives';
import { acceptChoices, choicesOfRequest, matchChoice, type VisitorChoice, visitorChoicesIn } from './visitor-choices';

function offer(asin: string, name: string, priceCents = 10_000): OfferedAlternative {
  return { asin, name, priceCents, priority: 1, priceUpdatedAt: null, availability: null, imageUrl: null, imageCheckedAt: null, source: 'product' };
}

const CPU = { id: 11, asin: 'B0CPUOWN01', type: 'cpu' };
const GPU = { id: 12, asin: 'B0GPUOWN01', type: 'gpu' };
const RAM = { id: 13, asin: null, type: 'ram' };
const OFFERED = new Map<number, OfferedAlternative[]>([
  [CPU.id, [offer('B0CPUALT01', 'Ryzen 7')]],
  [GPU.id, [offer('B0GPUALT01', 'RTX 5070'), offer('B0GPUALT02', 'RX 9070')]],
  [RAM.id, []],
]);

describe('visitorChoicesIn', () => {
  it('reads the swaps and owned parts of a query, typed, in the one spelling’s order; a budget is no choice', () => {
    expect(visitorChoicesIn(`?possiedo=13&scegli=12:b0gpualt01&budget=900&scegli=11:B0CPUALT01&utm_source=x`)).toEqual([
      { kind: 'swap', componentId: 11, asin: 'B0CPUALT01' },
      { kind: 'swap', componentId: 12, asin: 'B0GPUALT01' },
      { kind: 'owned', componentId: 13 },
    ]);
    expect(visitorChoicesIn('budget=900')).toEqual([]);
    expect(visitorChoicesIn('')).toEqual([]);
    // What the URL's parsing refuses is no choice: malformed, or a swap of a part the visitor owns.
    expect(visitorChoicesIn('scegli=12&scegli=0:B0GPUALT01&possiedo=abc')).toEqual([]);
    expect(visitorChoicesIn('scegli=13:B0RAMALT01&possiedo=13')).toEqual([{ kind: 'owned', componentId: 13 }]);
  });

  it('gives the same choices as the parsed request', () => {
    expect(choicesOfRequest({ choices: [{ componentId: 4, asin: 'B0AAAAAAAA' }], owned: [2] })).toEqual([
      { kind: 'swap', componentId: 4, asin: 'B0AAAAAAAA' },
      { kind: 'owned', componentId: 2 },
    ]);
  });
});

describe('matchChoice', () => {
  const rows = new Map([CPU, GPU, RAM].map((row) => [row.id, row]));
  it('keeps the author’s own part, swaps to an offered alternative, refuses anything else', () => {
    expect(matchChoice(rows, OFFERED, { componentId: CPU.id, asin: CPU.asin })).toEqual({ kind: 'kept', row: CPU });
    expect(matchChoice(rows, OFFERED, { componentId: GPU.id, asin: 'B0GPUALT02' })).toEqual({ kind: 'swap', row: GPU, offer: offer('B0GPUALT02', 'RX 9070') });
    expect(matchChoice(rows, OFFERED, { componentId: CPU.id, asin: 'B0GPUALT01' })).toBeNull(); // another part's alternative
    expect(matchChoice(rows, OFFERED, { componentId: 99, asin: 'B0CPUALT01' })).toBeNull(); // no part of the build
  });
});

describe('acceptChoices', () => {
  it('accepts offered swaps (with the alternative’s name) and owned parts of the build, by choice; reads the offers of swapped parts only, once', async () => {
    const asked: number[][] = [];
    const offeredOf = async (parts: readonly { id: number }[]) => {
      asked.push(parts.map((part) => part.id));
      return OFFERED;
    };
    const choices: VisitorChoice[] = [
      { kind: 'swap', componentId: GPU.id, asin: 'B0GPUALT01' },
      { kind: 'swap', componentId: CPU.id, asin: CPU.asin }, // the author's own part: nothing to count
      { kind: 'swap', componentId: CPU.id, asin: 'B0NOTCUR01' },
      { kind: 'swap', componentId: 99, asin: 'B0CPUALT01' },
      { kind: 'owned', componentId: RAM.id },
      { kind: 'owned', componentId: 98 },
    ];
    const accepted = await acceptChoices([CPU, GPU, RAM], choices, offeredOf);
    expect([...accepted]).toEqual([
      [choices[0], { kind: 'swap', componentId: GPU.id, asin: 'B0GPUALT01', name: 'RTX 5070' }],
      [choices[4], { kind: 'owned', componentId: RAM.id }],
    ]);
    expect(asked).toEqual([[GPU.id, CPU.id]]);

    // Owned parts alone read no offers.
    asked.length = 0;
    expect([...(await acceptChoices([CPU, GPU, RAM], [choices[4]!], offeredOf)).values()]).toEqual([{ kind: 'owned', componentId: RAM.id }]);
    expect(asked).toEqual([]);
  });
});
