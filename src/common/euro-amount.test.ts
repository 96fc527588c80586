import { describe, expect, it } from 'vitest';
import { EURO_AMOUNT_PATTERN, parseEuro, parseEuroCents } from './euro-amount';

/** What a person types, and the cents it means (null: not an amount, the caller answers 400). */
const TABLE: [string, number | null][] = [
  ['1150', 115_000],
  ['1.150', 115_000],
  ['1 150', 115_000],
  ['1\u00a0150', 115_000],
  ['1\u202f150', 115_000],
  ['1.150 €', 115_000],
  ['1.150€', 115_000],
  ['€ 1.150', 115_000],
  ['€1150', 115_000],
  ['  1150  ', 115_000],
  ['1150,50', 115_050],
  ['1150,5', 115_050],
  ['1.150,50', 115_050],
  ['1 150,50 €', 115_050],
  ['1150.50', 115_050],
  ['1150.5', 115_050],
  ['1.15', 115],
  ['1,15', 115],
  ['1.234.567', 123_456_700],
  ['1.234.567,89', 123_456_789],
  ['0', 0],
  ['0,99', 99],
  ['999', 99_900],
  // Ambiguous or malformed: refused rather than guessed.
  ['12,345', null], // a comma is always decimal in Italian, and three decimals are not cents
  ['1,150,00', null],
  ['1.15.0', null],
  ['1.1500', null],
  ['1150.505', null],
  ['1.150.50', null],
  ['1.150.5', null],
  ['11.50.000', null],
  ['1 150.50', null], // grouped amounts take their decimals after a comma
  ['1  150', null],
  ['€ 1.150 €', null],
  ['€€1150', null],
  ['-5', null],
  ['+5', null],
  ['1e3', null],
  ['0x10', null],
  ['Infinity', null],
  ['', null],
  ['   ', null],
  ['€', null],
  ['1150 euro', null],
  [',50', null],
  ['1150,', null],
  ['1.', null],
  ['1234567890', null],
  ['1'.repeat(50), null],
];

describe('parseEuroCents', () => {
  it.each(TABLE)('reads %j as %j cents', (text, cents) => {
    expect(parseEuroCents(text)).toBe(cents);
  });

  it('gives euro with the same reading', () => {
    expect(parseEuro('1.150,50')).toBe(1150.5);
    expect(parseEuro('1,15,0')).toBeNull();
  });
});

describe('EURO_AMOUNT_PATTERN', () => {
  // The browser anchors a pattern and compiles it with the v flag: the same here.
  const browserPattern = new RegExp(`^(?:${EURO_AMOUNT_PATTERN})$`, 'v');

  it.each(TABLE.filter(([text]) => !['€ 1.150 €', '1'.repeat(50)].includes(text)))('accepts %j exactly when the parser does', (text, cents) => {
    expect(browserPattern.test(text)).toBe(cents !== null);
  });
});
