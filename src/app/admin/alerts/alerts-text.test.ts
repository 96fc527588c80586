import { describe, expect, it } from 'vitest';
import { alertKindText, alertStatusText, erasedMessage, implausibleTargetText, targetText } from './alerts-text';

const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('alerts-text', () => {
  it('says how many alerts the erase removed, never the address', () => {
    expect(erasedMessage(0)).toBe('Nessun avviso trovato per questo indirizzo.');
    expect(erasedMessage(1)).toBe('Cancellato 1 avviso di questo indirizzo.');
    expect(erasedMessage(3)).toBe('Cancellati 3 avvisi di questo indirizzo.');
  });

  it('names the kind and the state of an alert', () => {
    expect(alertKindText({ kind: 'price', component_name: null })).toBe('Calo del totale');
    expect(alertKindText({ kind: 'stock', component_name: 'RTX 5070' })).toBe('Disponibilità: RTX 5070');
    expect(alertKindText({ kind: 'stock', component_name: null })).toBe('Disponibilità di un componente');
    expect(alertStatusText('active')).toBe('Attivo');
    expect(alertStatusText('pending')).toBe('In attesa di conferma');
  });

  it('writes the target in euro and flags one far under the total', () => {
    expect(plain(targetText(1.15))).toBe('1,15 €');
    expect(targetText(null)).toBe('—');
    expect(plain(implausibleTargetText(1.15, 1298.3))).toBe('Molto sotto il totale di oggi (1.298,30 €): forse scritto male');
    expect(implausibleTargetText(1150, 1298.3)).toBeNull();
    expect(implausibleTargetText(null, 1298.3)).toBeNull();
    expect(implausibleTargetText(1.15, null)).toBeNull();
  });
});
