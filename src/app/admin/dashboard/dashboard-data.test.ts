import { describe, expect, it } from 'vitest';
import { tiersAssignedMessage } from './dashboard-data';

describe('the automatic tier assignment notice', () => {
  it('speaks of one component in the singular', () => {
    expect(tiersAssignedMessage(1)).toBe('Tier assegnati automaticamente: 1 componente aggiornato.');
  });

  it('keeps the plural for any other count, thousands grouped', () => {
    expect(tiersAssignedMessage(0)).toBe('Tier assegnati automaticamente: 0 componenti aggiornati.');
    expect(tiersAssignedMessage(1234)).toBe('Tier assegnati automaticamente: 1.234 componenti aggiornati.');
  });
});
