/** Password rules (product spec, "Validation rules"), shared by the server and the change-password screen. */

const PASSWORD_MIN_LENGTH = 8;

interface PasswordRule {
  readonly message: string;
  readonly test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { message: 'Minimo 8 caratteri', test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { message: 'Almeno una lettera maiuscola', test: (p) => /\p{Lu}/u.test(p) },
  { message: 'Almeno una lettera minuscola', test: (p) => /\p{Ll}/u.test(p) },
  { message: 'Almeno un numero', test: (p) => /\d/.test(p) },
  { message: 'Almeno un carattere speciale (!@#$%...)', test: (p) => /[^\p{L}\p{N}\s]/u.test(p) },
];

/** Messages of the rules the password breaks, in the spec's order; empty when it is acceptable. */
export function passwordViolations(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

export interface PasswordStrength {
  readonly label: 'Molto Debole' | 'Debole' | 'Media' | 'Forte' | 'Molto Forte';
  readonly percent: 20 | 40 | 60 | 80 | 100;
}

/** Strength meter: rules met = 5 minus violations (product spec, "Validation rules"). */
export function passwordStrength(password: string): PasswordStrength {
  const met = PASSWORD_RULES.length - passwordViolations(password).length;
  if (met <= 1) return { label: 'Molto Debole', percent: 20 };
  if (met === 2) return { label: 'Debole', percent: 40 };
  if (met === 3) return { label: 'Media', percent: 60 };
  if (met === 4) return { label: 'Forte', percent: 80 };
  return { label: 'Molto Forte', percent: 100 };
}

export const PASSWORD_MESSAGES = {
  currentRequired: 'Inserisci la password corrente',
  weak: 'La password non soddisfa i requisiti di sicurezza',
  mismatch: 'Le password non corrispondono',
  mustDiffer: 'La nuova password deve essere diversa da quella corrente',
  currentInvalid: 'Password corrente non valida',
  changed: 'Password aggiornata con successo!',
} as const;
