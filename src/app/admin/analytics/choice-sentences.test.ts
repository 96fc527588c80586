import { describe, expect, it } from 'vitest';
import { choiceSentence } from './choice-sentences';

describe('choiceSentence', () => {
  it('says how many of the personalised visitors chose a swap or own a part, singular and plural, in it-IT numbers', () => {
    expect(choiceSentence({ kind: 'swap', name: 'RTX 5060 Ti', count: 3 }, 10)).toBe('3 visitatori su 10 scelgono RTX 5060 Ti');
    expect(choiceSentence({ kind: 'swap', name: 'RTX 5060 Ti', count: 1 }, 10)).toBe('1 visitatore su 10 sceglie RTX 5060 Ti');
    expect(choiceSentence({ kind: 'owned', name: 'Crucial P3 1TB', count: 2 }, 10)).toBe('2 visitatori su 10 hanno già Crucial P3 1TB');
    expect(choiceSentence({ kind: 'owned', name: 'Crucial P3 1TB', count: 1 }, 1)).toBe('1 visitatore su 1 ha già Crucial P3 1TB');
    expect(choiceSentence({ kind: 'swap', name: 'RX 9070', count: 1200 }, 4500)).toBe('1.200 visitatori su 4.500 scelgono RX 9070');
  });

  it('never says more choosers than personalised visitors', () => {
    expect(choiceSentence({ kind: 'swap', name: 'RX 9070', count: 4 }, 3)).toBe('4 visitatori su 4 scelgono RX 9070');
  });
});
