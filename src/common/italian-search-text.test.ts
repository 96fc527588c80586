import { describe, expect, it } from 'vitest';
import { analyseText, highlightSegments, queryWords, vocabularyOf, wordsText } from './italian-search-text';

const marked = (text: string, terms: string[], prefixes: string[] = []) =>
  highlightSegments(text, terms, prefixes)
    .filter((segment) => segment.match)
    .map((segment) => segment.text);

describe('the search analysis', () => {
  it('splits letters from digits', () => {
    expect(analyseText('RTX5070 e 9800X3D')).toEqual(['rtx', '5070', '9800', 'x', '3', 'd']);
    expect(wordsText('RTX5070, Perché')).toBe('rtx 5070 perche');
    expect(queryWords('rtx5070')).toEqual(['rtx', '5070']);
  });

  it('leaves a negated phrase out: "senza", the articles after it, then up to three words until a stop word or punctuation', () => {
    expect(analyseText('PC senza scheda video')).toEqual(['pc']);
    expect(analyseText('Build senza la scheda video dedicata, silenziosa')).toEqual(['build', 'silenz']);
    expect(analyseText('senza compromessi per il gaming')).toEqual(['gaming']);
    expect(analyseText('senza alcuna scheda video potente')).toEqual(['potent']);
    expect(analyseText('senza RGB. Scheda video')).toEqual(['sched', 'vide']);
    expect(queryWords('pc senza scheda video')).toEqual(['pc']);
  });

  it('keeps the vocabulary as folded words, stop words and negated phrases out', () => {
    expect([...vocabularyOf('Perché la GeForce senza ventole. RTX5070')].sort()).toEqual(['5070', 'geforce', 'perche', 'rtx']);
  });

  it('marks matched words and words a prefix begins, never a negated one', () => {
    expect(marked('Scheda video senza scheda video', ['sched', 'vide'])).toEqual(['Scheda', 'video']);
    expect(marked('PC con Ryzen 7', [], ['ryz'])).toEqual(['Ryzen']);
    expect(marked('Build RTX5070', ['5070'])).toEqual(['RTX5070']);
  });
});
