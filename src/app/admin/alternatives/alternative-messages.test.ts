import { describe, expect, it } from 'vitest';
import { categoryDeletedMessage, groupAddedMessage, priorityChangedMessage } from './alternative-messages';

describe('alternatives messages', () => {
  it('words the counts and names as the spec has them', () => {
    expect(groupAddedMessage(2)).toBe('Gruppo aggiunto con successo! 2 alternative aggiunte.');
    expect(groupAddedMessage(1)).toBe('Gruppo aggiunto con successo! 1 alternativa aggiunta.');
    expect(priorityChangedMessage('Bravo 650W', 2)).toBe('Priorità di "Bravo 650W" impostata a 2.');
    expect(categoryDeletedMessage('Case')).toBe('Categoria "Case" eliminata.');
  });
});
