import { describe, expect, it } from 'vitest';
import { formatItems, importedSentence, trendSentence } from './revenue-text';

describe('revenue text', () => {
  it('words the trend against the previous period', () => {
    expect(trendSentence(12, 10, 30)).toBe('+20% rispetto ai 30 giorni precedenti');
    expect(trendSentence(5, 10, 30)).toBe('−50% rispetto ai 30 giorni precedenti');
    expect(trendSentence(3, 0, 30)).toBe('Nessuna commissione nei 30 giorni precedenti');
  });

  it('keeps estimated fractions of items', () => {
    expect(formatItems(3)).toBe('3');
    expect(formatItems(1.25)).toBe('1,3');
  });

  it('says what an import did', () => {
    const result = { already_imported: false, replaced_days: 26, import: { rows: 6, period_from: '2026-10-01', period_to: '2026-10-31' } };
    expect(importedSentence(result, (day) => day)).toBe('Report importato: 6 righe dal 2026-10-01 al 2026-10-31. Sostituisce 26 giorni importati prima.');
    expect(importedSentence({ ...result, already_imported: true }, (day) => day)).toMatch(/già stato importato/);
  });
});
