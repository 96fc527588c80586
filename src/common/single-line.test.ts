import { describe, expect, it } from 'vitest';
import { optionalSingleLineText, singleLineText, toSingleLine, toSingleLineOrNull } from './single-line';

describe('toSingleLine', () => {
  it.each([
    ['CR LF', 'PC da\r\ngaming', 'PC da gaming'],
    ['LF', 'PC da\ngaming', 'PC da gaming'],
    ['CR', 'PC da\rgaming', 'PC da gaming'],
    ['tab', 'PC\tda gaming', 'PC da gaming'],
    ['NUL and other C0 controls', 'PC\u0000da\u0001\u001fgaming', 'PC da gaming'],
    ['DEL and the C1 controls, NEL included', 'PC\u007fda\u0085gaming\u009b', 'PC da gaming'],
    ['the line and paragraph separators', 'PC\u2028da\u2029gaming', 'PC da gaming'],
    ['a run of breaks and spaces', 'PC  \r\n\r\n  da   gaming', 'PC da gaming'],
    ['breaks and spaces at the ends', '\r\n  PC da gaming \n\t', 'PC da gaming'],
  ])('%s become one space', (_name, input, expected) => {
    expect(toSingleLine(input)).toBe(expected);
  });

  it('keeps what the author chose: accents, a no-break space, an emoji joined by a zero-width joiner', () => {
    const text = 'Perché Ryzen 7\u00a07800X3D 👩\u200d💻';
    expect(toSingleLine(text)).toBe(text);
  });

  it('empty after normalising is null in the optional form, and null stays null', () => {
    expect(toSingleLineOrNull(' \r\n\t ')).toBeNull();
    expect(toSingleLineOrNull(null)).toBeNull();
    expect(toSingleLineOrNull(undefined)).toBeNull();
    expect(toSingleLineOrNull(' a\nb ')).toBe('a b');
  });

});

describe('singleLineText', () => {
  const title = singleLineText({ label: 'Il titolo', max: 12 });

  it('normalises, then checks the length on what is stored', () => {
    expect(title.parse(' PC\r\n da\u2028gioco ')).toBe('PC da gioco');
    expect(title.parse('PC\r\n\r\n\r\n\r\n\r\nx')).toBe('PC x'); // 13 characters as sent, 4 as stored
    expect(title.safeParse('x'.repeat(13)).error?.issues[0]?.message).toBe('Il titolo: massimo 12 caratteri');
  });

  it('refuses a text that is only breaks and spaces, and what is not a text, in Italian', () => {
    expect(title.safeParse(' \r\n\t ').error?.issues[0]?.message).toBe('Il titolo è obbligatorio');
    expect(title.safeParse(undefined).error?.issues[0]?.message).toBe('Il titolo è obbligatorio');
    expect(title.safeParse(42).error?.issues[0]?.message).toBe('Il titolo deve essere un testo');
  });

  it('the optional form clears on blank, null or absent', () => {
    const brand = optionalSingleLineText({ label: 'La marca', max: 5 });
    expect(brand.parse(undefined)).toBeNull();
    expect(brand.parse(null)).toBeNull();
    expect(brand.parse('\r\n')).toBeNull();
    expect(brand.parse('A\nMD')).toBe('A MD');
    expect(brand.safeParse('abcdef').error?.issues[0]?.message).toBe('La marca: massimo 5 caratteri');
  });
});
