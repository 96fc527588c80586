/**
 * The Italian definite article before a number written in figures, as it is read aloud: "l'" when the
 * spoken number starts with a vowel, "il" otherwise ("con l'83 % di margine", "con il 18 %").
 *
 * The spoken number starts with its most significant group of three digits, read as its own number:
 * 8 "otto", 11 "undici", 80–89 "ottanta…", 800–899 "ottocento…" start with a vowel, and so does 1 "uno"
 * alone ("l'1 %") or before millions ("un milione"); but 1 before thousands is "mille" ("il 1000"), and
 * 18 "diciotto", 100 "cento", 0 "zero" start with a consonant. Only the integer part counts: "l'8,5 %".
 */

/** The digits of the integer part of a number as shown: "1.150,50 €" → "1150", "08/03/2026" → "08"; null when it does not start with a figure. */
function integerDigits(shown: string): string | null {
  const match = /^\d{1,3}(?:[.\u00a0\u202f ]\d{3})+(?!\d)|^\d+/.exec(shown.trim());
  return match ? match[0].replace(/\D/g, '').replace(/^0+(?=\d)/, '') : null;
}

function startsWithVowelSound(digits: string): boolean {
  const groupLength = digits.length % 3 || 3;
  const lead = Number(digits.slice(0, groupLength));
  const thousandsGroups = (digits.length - groupLength) / 3;
  if (lead === 1) return thousandsGroups !== 1; // "uno", "un milione"; but "mille"
  return lead === 8 || lead === 11 || (lead >= 80 && lead <= 89) || (lead >= 800 && lead <= 899);
}

/** "l'" or "il" before `shown` (a number, or a text that starts with one); "il" when it does not start with a figure. */
export function articleBeforeNumber(shown: number | string): "l'" | 'il' {
  const text = typeof shown === 'number' ? String(Math.trunc(Math.abs(shown))) : shown;
  if (typeof shown === 'number' && shown < 0) return 'il'; // "meno…"
  const digits = integerDigits(text);
  // An ordinal: "il 1° marzo" is "il primo"; the others read like their number ("l'8°", "l'ottavo").
  if (digits === '1' && /^\s*1\s*°/.test(text)) return 'il';
  return digits !== null && startsWithVowelSound(digits) ? "l'" : 'il';
}

/** The number with its article: "l'83", "il 18" (no space after the apostrophe). */
export function withArticle(shown: number | string): string {
  const article = articleBeforeNumber(shown);
  return article === "l'" ? `l'${shown}` : `il ${shown}`;
}
