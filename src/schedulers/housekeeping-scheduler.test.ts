import { describe, expect, it } from 'vitest';
import { housekeepingLogLine } from './housekeeping-scheduler';

describe('the housekeeping log line', () => {
  it('says one of each in the singular', () => {
    expect(housekeepingLogLine({ sessions: 1, throttleRows: 1, clickRows: 1, alertRows: 1 })).toBe(
      '[manutenzione] eliminati: 1 sessione conclusa, 1 contatore di accesso scaduto, 1 riga scaduta dei clic, 1 riga scaduta degli avvisi',
    );
  });

  it('says other counts in the plural, thousands grouped', () => {
    expect(housekeepingLogLine({ sessions: 0, throttleRows: 2, clickRows: 12345, alertRows: 3 })).toBe(
      '[manutenzione] eliminati: 0 sessioni concluse, 2 contatori di accesso scaduti, 12.345 righe scadute dei clic, 3 righe scadute degli avvisi',
    );
  });
});
