import { describe, expect, it } from 'vitest';
import { articleBeforeNumber, withArticle } from './italian-article';

describe('articleBeforeNumber', () => {
  // [number, article, how it is read]
  const table: Array<[number | string, "l'" | 'il', string]> = [
    [0, 'il', 'zero'],
    [1, "l'", 'uno'],
    [2, 'il', 'due'],
    [8, "l'", 'otto'],
    [10, 'il', 'dieci'],
    [11, "l'", 'undici'],
    [12, 'il', 'dodici'],
    [18, 'il', 'diciotto'],
    [28, 'il', 'ventotto'],
    [30, 'il', 'trenta'],
    [80, "l'", 'ottanta'],
    [83, "l'", 'ottantatré'],
    [89, "l'", 'ottantanove'],
    [90, 'il', 'novanta'],
    [100, 'il', 'cento'],
    [108, 'il', 'centootto'],
    [111, 'il', 'centoundici'],
    [800, "l'", 'ottocento'],
    [899, "l'", 'ottocentonovantanove'],
    [1000, 'il', 'mille'],
    [1100, 'il', 'millecento'],
    [8000, "l'", 'ottomila'],
    [11000, "l'", 'undicimila'],
    [18000, 'il', 'diciottomila'],
    [80000, "l'", 'ottantamila'],
    [100000, 'il', 'centomila'],
    [1000000, "l'", 'un milione'],
    [8.5, "l'", 'otto virgola cinque'],
    [18.5, 'il', 'diciotto virgola cinque'],
    [-8, 'il', 'meno otto'],
    ['1.150 €', 'il', 'millecentocinquanta euro'],
    ['11.500', "l'", 'undicimilacinquecento'],
    ['83 %', "l'", 'ottantatré per cento'],
    ['08/03/2026', "l'", 'otto marzo'],
    ['18/03/2026', 'il', 'diciotto marzo'],
    ['1° marzo', 'il', 'primo marzo'],
    ['8°', "l'", 'ottavo'],
    ['marzo', 'il', 'no figure'],
  ];
  it.each(table)('%s → %s (%s)', (shown, article) => {
    expect(articleBeforeNumber(shown)).toBe(article);
  });
});

describe('withArticle', () => {
  it('elides before a vowel and keeps the space otherwise', () => {
    expect(`con ${withArticle(83)} % di margine`).toBe("con l'83 % di margine");
    expect(`con ${withArticle(18)} % di margine`).toBe('con il 18 % di margine');
  });
});
