import { describe, expect, it } from 'vitest';
import { planSearch, readPhrase } from './query-plan';

const groups = [
  [readPhrase('nvidia'), readPhrase('geforce')],
  [readPhrase('scheda video'), readPhrase('gpu')],
];

/** The plan as text: clauses joined by ' & ', alternatives by ' | ', terms by '+', a prefix with '*'. */
function shape(query: string) {
  return planSearch(query, groups)
    .clauses.map((clause) => clause.map((alternative) => alternative.map((term) => `${term.stem}${term.prefix ? '*' : ''}`).join('+')).join(' | '))
    .join(' & ');
}

describe('planSearch', () => {
  it('makes the last word of 3 characters or more a prefix', () => {
    expect(shape('ryz')).toBe('ryz*');
    expect(shape('build ryz')).toBe('build & ryz*');
    expect(shape('pc')).toBe('pc');
    expect(shape('ryz pc')).toBe('ryz & pc');
  });

  it('splits letters from digits and leaves stop words and negated phrases out', () => {
    expect(shape('RTX5070')).toBe('rtx & 5070*');
    expect(shape('la build senza scheda video per ufficio')).toBe('build & uffic*');
  });

  it('expands a phrase of a synonym group to every phrase of the group, the longest phrase first', () => {
    expect(shape('nvidia')).toBe('nvid | geforc');
    expect(shape('schede video 1440p')).toBe('sched+vide | gpu & 1440 & p');
    expect(shape('gpu')).toBe('sched+vide | gpu');
    const plan = planSearch('gpu nvidia', groups);
    expect(plan.stems.sort()).toEqual(['geforc', 'gpu', 'nvid', 'sched', 'vide']);
    expect(plan.prefixes).toEqual([]);
  });

  it('drops a repeated clause and stops at 16 terms', () => {
    expect(shape('gpu scheda video')).toBe('sched+vide | gpu');
    const many = Array.from({ length: 30 }, (_, n) => `parola${String.fromCharCode(97 + (n % 26))}`).join(' ');
    expect(planSearch(many).clauses).toHaveLength(16);
    // A group of 8 phrases of 3 words is 24 terms: past 48 terms in all, a phrase is searched as typed.
    const letter = (n: number) => String.fromCharCode(97 + n);
    const group = (name: string) => Array.from({ length: 8 }, (_, n) => readPhrase(`${name}${letter(n)} beta${letter(n)} gamma${letter(n)}`));
    const words = Array.from({ length: 12 }, (_, n) => `kz${letter(n)}rt`).join(' ');
    const plan = planSearch(`alfaa betaa gammaa ${words} deltaa betaa gammaa`, [group('alfa'), group('delta')]);
    expect(plan.clauses.map((clause) => clause.length)).toEqual([8, ...Array<number>(12).fill(1), 1]);
    expect(plan.clauses.at(-1)![0]!.map((t) => t.word)).toEqual(['deltaa', 'betaa', 'gammaa']);
  });

  it('has nothing to search in stop words alone', () => {
    expect(planSearch('il la di per').clauses).toEqual([]);
    expect(planSearch('senza rgb').clauses).toEqual([]);
  });
});
