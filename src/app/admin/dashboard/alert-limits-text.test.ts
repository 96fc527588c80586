import { describe, expect, it } from 'vitest';
import { limitReachedText } from './alert-limits-text';

describe('limitReachedText', () => {
  it('names the scope, the window and the end, never a domain', () => {
    expect(limitReachedText({ scope: 'site', window: 'hour', count: 1, until: '2026-11-22T13:05:00.000Z' })).toBe(
      'Limite di email di conferma raggiunto (sito, ultima ora): nuove richieste senza email fino al 22/11/2026, 14:05',
    );
    expect(limitReachedText({ scope: 'domain', window: 'day', count: 3, until: '2026-11-22T13:05:00.000Z' })).toMatch(/^Limite di email di conferma raggiunto \(3 domini, ultime 24 ore\)/);
    expect(limitReachedText({ scope: 'domain', window: 'hour', count: 1, until: '2026-11-22T13:05:00.000Z' })).toMatch(/\(1 dominio, ultima ora\)/);
  });
});
