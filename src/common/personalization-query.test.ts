import { describe, expect, it } from 'vitest';
import { budgetParamOf, isPersonalized, parseBudgetCents, parsePersonalization, personalizationCacheKey, personalizationQuery } from './personalization-query';

const parse = (query: string) => parsePersonalization(new URLSearchParams(query));

describe('personalisation parameters', () => {
  it('reads choices, owned parts and a budget, sorted and deduplicated', () => {
    const request = parse('possiedo=7&scegli=12:b0abcdefgh&possiedo=3&possiedo=7&scegli=4:B0ZZZZZZZZ&scegli=12:B0ABCDEFGH&budget=1.200,50&utm_source=x');
    expect(request).toEqual({
      choices: [
        { componentId: 4, asin: 'B0ZZZZZZZZ' },
        { componentId: 12, asin: 'B0ABCDEFGH' },
      ],
      owned: [3, 7],
      budgetCents: 120_050,
      ignored: [],
    });
    expect(personalizationQuery(request)).toBe('scegli=4:B0ZZZZZZZZ&scegli=12:B0ABCDEFGH&possiedo=3&possiedo=7&budget=1200.50');
    expect(isPersonalized(request)).toBe(true);
  });

  it('lists malformed, contradictory and out-of-range parameters as ignored, never throwing', () => {
    const request = parse('scegli=abc&scegli=0:B0ABCDEFGH&scegli=5:B0AAAAAAAA&scegli=5:B0BBBBBBBB&possiedo=-1&possiedo=99999999999&budget=0&budget=abc&budget=500&budget=600&scegli=8:B0CCCCCCCC&possiedo=8');
    expect(request.choices).toEqual([{ componentId: 5, asin: 'B0AAAAAAAA' }]);
    expect(request.owned).toEqual([8]);
    expect(request.budgetCents).toBe(50_000);
    expect(request.ignored).toEqual([
      'scegli=abc',
      'scegli=0:B0ABCDEFGH',
      'scegli=5:B0BBBBBBBB',
      'possiedo=-1',
      'possiedo=99999999999',
      'budget=0',
      'budget=abc',
      'budget=600',
      'scegli=8:B0CCCCCCCC',
    ]);
  });

  it('bounds the parameters it accepts and the ignored ones it names', () => {
    const many = new URLSearchParams();
    for (let id = 1; id <= 130; id += 1) many.append('possiedo', String(id));
    const request = parsePersonalization(many);
    expect(request.owned).toHaveLength(100);
    expect(request.ignored).toHaveLength(20);
    expect(parse(`scegli=${'x'.repeat(500)}`).ignored[0]!.length).toBeLessThanOrEqual(80);
  });

  it('reads budgets as Italians type them', () => {
    expect(parseBudgetCents('1200')).toBe(120_000);
    expect(parseBudgetCents('1.200')).toBe(120_000);
    expect(parseBudgetCents('1.200,99')).toBe(120_099);
    expect(parseBudgetCents('999,5')).toBe(99_950);
    expect(parseBudgetCents('999.50 €')).toBe(99_950);
    expect(parseBudgetCents('0,50')).toBeNull();
    expect(parseBudgetCents('100001')).toBeNull();
    expect(parseBudgetCents('1e3')).toBeNull();
    expect(parseBudgetCents('')).toBeNull();
    expect(budgetParamOf(120_000)).toBe('1200');
    expect(budgetParamOf(99_950)).toBe('999.50');
  });

  it('keys equal personalisations alike and keeps what was ignored apart', () => {
    const key = (query: string) => personalizationCacheKey(new URLSearchParams(query));
    expect(key('possiedo=3&scegli=4:b0zzzzzzzz&fbclid=1')).toBe(key('scegli=4:B0ZZZZZZZZ&possiedo=3&possiedo=3'));
    expect(key('possiedo=3&scegli=nope')).not.toBe(key('possiedo=3'));
    expect(key('utm_source=x')).toBe('');
    expect(isPersonalized(parse('utm_source=x'))).toBe(false);
  });
});
