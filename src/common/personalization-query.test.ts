import { describe, expect, it } from 'vitest';
import { budgetParamOf, isPersonalized, parseBudgetCents, parsePersonalization, personalizationCacheKey, personalizationQuery, personalizedPageKey } from './personalization-query';

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
      budgetCents: 120_100,
      ignoredCount: 0,
    });
    expect(personalizationQuery(request)).toBe('scegli=4:B0ZZZZZZZZ&scegli=12:B0ABCDEFGH&possiedo=3&possiedo=7&budget=1201');
    expect(isPersonalized(request)).toBe(true);
  });

  it('counts malformed, contradictory and out-of-range parameters as ignored, never throwing', () => {
    const request = parse('scegli=abc&scegli=0:B0ABCDEFGH&scegli=5:B0AAAAAAAA&scegli=5:B0BBBBBBBB&possiedo=-1&possiedo=99999999999&budget=0&budget=abc&budget=500&budget=600&scegli=8:B0CCCCCCCC&possiedo=8');
    expect(request.choices).toEqual([{ componentId: 5, asin: 'B0AAAAAAAA' }]);
    expect(request.owned).toEqual([8]);
    expect(request.budgetCents).toBe(50_000);
    // scegli=abc, scegli=0:…, the second scegli=5, possiedo=-1, possiedo=99999999999, budget=0, budget=abc,
    // budget=600 and scegli=8 (owned wins): counted, their text kept nowhere.
    expect(request.ignoredCount).toBe(9);
    expect(JSON.stringify(request)).not.toMatch(/abc|B0BBBBBBBB|B0CCCCCCCC|99999999999/);
  });

  it('bounds the parameters it accepts and the ignored ones it counts', () => {
    const many = new URLSearchParams();
    for (let id = 1; id <= 130; id += 1) many.append('possiedo', String(id));
    const request = parsePersonalization(many);
    expect(request.owned).toHaveLength(100);
    expect(request.ignoredCount).toBe(20);
    expect(parse(`scegli=${'x'.repeat(500)}`).ignoredCount).toBe(1);
  });

  it('reads budgets as Italians type them', () => {
    expect(parseBudgetCents('1200')).toBe(120_000);
    expect(parseBudgetCents('1.200')).toBe(120_000);
    // Whole euros: cents are rounded away (half a euro up), so a budget is one of 100.000 values, not ten million.
    expect(parseBudgetCents('1.200,99')).toBe(120_100);
    expect(parseBudgetCents('1000.01')).toBe(100_000);
    expect(parseBudgetCents('999,5')).toBe(100_000);
    expect(parseBudgetCents('999.49 €')).toBe(99_900);
    expect(parseBudgetCents('0,49')).toBeNull();
    expect(parseBudgetCents('100001')).toBeNull();
    expect(parseBudgetCents('1e3')).toBeNull();
    expect(parseBudgetCents('')).toBeNull();
    expect(budgetParamOf(120_000)).toBe('1200');
    expect(budgetParamOf(99_950)).toBe('999.50');
  });

  it('keys equal personalisations alike, by the count of what was ignored and never its text', () => {
    const key = (query: string) => personalizationCacheKey(new URLSearchParams(query));
    expect(key('possiedo=3&scegli=4:b0zzzzzzzz&fbclid=1')).toBe(key('scegli=4:B0ZZZZZZZZ&possiedo=3&possiedo=3'));
    expect(key('possiedo=3&scegli=nope')).toBe('possiedo=3#ignorati=1');
    expect(key('possiedo=3&scegli=x1')).toBe(key('possiedo=3&scegli=x2'));
    expect(key('scegli=x1&budget=abc')).toBe('#ignorati=2');
    expect(key('budget=1000.01')).toBe(key('budget=1000'));
    expect(key('utm_source=x')).toBe('');
    expect(personalizedPageKey('/build/pc', '')).toBe('/build/pc');
    expect(personalizedPageKey('/build/pc', '#ignorati=2')).toBe('/build/pc#ignorati=2');
    expect(personalizedPageKey('/build/pc', 'possiedo=3#ignorati=1')).toBe('/build/pc?possiedo=3#ignorati=1');
    expect(isPersonalized(parse('utm_source=x'))).toBe(false);
  });
});
