import { describe, expect, it } from 'vitest';
import { RETAILER_MESSAGES } from './messages';

describe('RETAILER_MESSAGES.imported', () => {
  it('speaks of one component in the singular', () => {
    expect(RETAILER_MESSAGES.imported(1)).toBe('Importato 1 componente con successo!');
  });

  it('keeps the plural for any other count', () => {
    expect(RETAILER_MESSAGES.imported(2)).toBe('Importati 2 componenti con successo!');
    expect(RETAILER_MESSAGES.imported(12)).toBe('Importati 12 componenti con successo!');
  });
});
