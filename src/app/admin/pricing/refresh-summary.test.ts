import { describe, expect, it } from 'vitest';
import { lastRunText, priceJobLabel } from './refresh-summary';

const when = (iso: string) => `[${iso}]`;

describe('the dashboard last price run', () => {
  it('names tiers and builds in Italian, never by the job name', () => {
    expect(priceJobLabel('prices-tier-A')).toBe('Fascia A');
    expect(priceJobLabel('prices-tier-B')).toBe('Fascia B');
    expect(priceJobLabel('prices-build-12')).toBe('Build 12');
    expect(priceJobLabel('prices-something-new')).toBe('Aggiornamento prezzi');
  });

  it('says trigger and outcome in Italian', () => {
    const text = lastRunText({ job: 'prices-tier-B', trigger: 'scheduled', status: 'succeeded', started_at: 'T', updated: 1234, failed: 0 }, when);
    expect(text).toBe('[T] (Fascia B, automatico, completato: 1.234 aggiornati, 0 errori)');
    expect(text).not.toMatch(/prices-|succeeded|scheduled/);
    expect(lastRunText({ job: 'prices-build-3', trigger: 'manual', status: 'failed', started_at: 'T', updated: 0, failed: 2 }, when)).toBe(
      '[T] (Build 3, manuale, non riuscito: 0 aggiornati, 2 errori)',
    );
  });

  it('speaks of one update and one error in the singular', () => {
    expect(lastRunText({ job: 'prices-tier-A', trigger: 'manual', status: 'succeeded', started_at: 'T', updated: 1, failed: 1 }, when)).toBe(
      '[T] (Fascia A, manuale, completato: 1 aggiornato, 1 errore)',
    );
  });
});
