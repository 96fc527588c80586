import { describe, expect, it } from 'vitest';
import { housekeepingLogLine } from './housekeeping-scheduler';

describe('the housekeeping log line', () => {
  it('says one of each in the singular', () => {
    expect(housekeepingLogLine({ sessions: 1, throttleRows: 1, clickRows: 1 })).toBe(
      '[manutenzione] eliminati: 1 sessione conclusa, 1 contatore di accesso scaduto, 1 riga scaduta dei clic',
    );
  });

  it('says other counts in the plural, thousands grouped', () => {
    expect(housekeepingLogLine({ sessions: 0, throttleRows: 2, clickRows: 12345 })).toBe(
      '[manutenzione] eliminati: 0 sessioni concluse, 2 contatori di accesso scaduti, 12.345 righe scadute dei clic',
    );
  });
});
