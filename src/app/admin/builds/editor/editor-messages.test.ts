import { describe, expect, it } from 'vitest';
import { RETAILER_MESSAGES, SEARCH_MESSAGES } from './editor-messages';

describe('RETAILER_MESSAGES.imported', () => {
  it('speaks of one component in the singular', () => {
    expect(RETAILER_MESSAGES.imported(1)).toBe('Importato 1 componente con successo!');
  });

  it('keeps the plural for any other count', () => {
    expect(RETAILER_MESSAGES.imported(2)).toBe('Importati 2 componenti con successo!');
    expect(RETAILER_MESSAGES.imported(12)).toBe('Importati 12 componenti con successo!');
  });
});

describe('SEARCH_MESSAGES.results', () => {
  const hint = 'Frecce su e giù per scegliere, Invio per aggiungere.';

  it("speaks of one result in the singular and groups the thousands of Amazon's total", () => {
    expect(SEARCH_MESSAGES.results(1, 1, 'ventola')).toBe(`1 risultato per "ventola". ${hint}`);
    expect(SEARCH_MESSAGES.results(10, 12, 'ventola')).toBe(`10 risultati per "ventola" (su 12 trovati da Amazon). ${hint}`);
    expect(SEARCH_MESSAGES.results(10, 1234, 'ssd')).toBe(`10 risultati per "ssd" (su 1.234 trovati da Amazon). ${hint}`);
  });
});
