import { describe, expect, it } from 'vitest';
import { driftIntro, driftText } from './drift-text';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe("the 'Fuori budget' card's words", () => {
  it('signs the drift and writes it as the other percentages of the admin', () => {
    expect(plain(driftText(25))).toBe('+25%');
    expect(plain(driftText(-11))).toBe('−11%');
    expect(plain(driftText(12.46))).toBe('+12,5%');
    expect(plain(driftText(1234.5))).toBe('+1.234,5%');
  });

  it('names the threshold in Italian, decimals with a comma', () => {
    expect(plain(driftIntro(10))).toBe('Build pubblicate il cui totale si discosta dal budget dichiarato di oltre il 10%.');
    expect(plain(driftIntro(7.5))).toBe('Build pubblicate il cui totale si discosta dal budget dichiarato di oltre il 7,5%.');
    expect(plain(driftIntro(8))).toBe("Build pubblicate il cui totale si discosta dal budget dichiarato di oltre l'8%.");
  });
});
