import { describe, expect, it } from 'vitest';
import { passwordStrength, passwordViolations } from './password-rules';

describe('password rules', () => {
  it('lists the violated rules in the spec order', () => {
    expect(passwordViolations('abc')).toEqual([
      'Minimo 8 caratteri',
      'Almeno una lettera maiuscola',
      'Almeno un numero',
      'Almeno un carattere speciale (!@#$%...)',
    ]);
    expect(passwordViolations('ABCDEFGH1!')).toEqual(['Almeno una lettera minuscola']);
    expect(passwordViolations('Sicura!2026')).toEqual([]);
  });

  it('maps rules met to the strength meter labels', () => {
    expect(passwordStrength('')).toEqual({ label: 'Molto Debole', percent: 20 });
    expect(passwordStrength('a')).toEqual({ label: 'Molto Debole', percent: 20 });
    expect(passwordStrength('aA')).toEqual({ label: 'Debole', percent: 40 });
    expect(passwordStrength('aA1')).toEqual({ label: 'Media', percent: 60 });
    expect(passwordStrength('aA1!')).toEqual({ label: 'Forte', percent: 80 });
    expect(passwordStrength('aA1!aA1!')).toEqual({ label: 'Molto Forte', percent: 100 });
  });
});
