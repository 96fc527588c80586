/**
 * The one reading of a euro amount typed by a person (visitor forms, the author's editor), so that "1.150"
 * means the same thing in every field. Italians group thousands with a dot (or a space) and write decimals
 * after a comma; people also paste "1150.50" from elsewhere. The rules, in order:
 * - spaces (also NBSP and narrow NBSP) around the amount and one "€" before or after it are ignored;
 * - a comma is always the decimal separator, followed by 1 or 2 digits ("12,345" is not an amount: an
 *   Italian never writes thousands with a comma, and three decimals are not cents);
 * - a dot followed by exactly three digits groups thousands ("1.150" = 1150), as do single spaces between
 *   groups of three ("1 150"); grouped amounts take their decimals only after a comma ("1.150,50");
 * - an ungrouped amount may use a dot followed by 1 or 2 digits as its decimal point ("1150.50", "1.15");
 * - anything else ("1.15.0", "1,150,00", "1.1500", "-5", "1e3") is not an amount: null, and the caller
 *   answers with its Italian 400.
 * The HTML `pattern` of those fields is EURO_AMOUNT_PATTERN, the same expression the parser uses, so the
 * browser refuses exactly what the server would.
 */

/** Thousands separators between groups of three digits: dot, space, NBSP, narrow NBSP. */
const GROUPED = String.raw`\d{1,3}(?:[. \u00a0\u202f]\d{3})+(?:,\d{1,2})?`;
/** 9 digits reach far beyond MAX_EURO; the bound keeps the input short before any number is made. */
const UNGROUPED = String.raw`\d{1,9}(?:[.,]\d{1,2})?`;
const BODY = `(?:${GROUPED}|${UNGROUPED})`;
const SPACE = String.raw`[ \u00a0\u202f]*`;

/**
 * The HTML `pattern` attribute (the browser anchors it and compiles it with the `v` flag; nothing here
 * needs escaping under that flag). "€ 1.150", "1.150 €", "1150,50", "1 150".
 */
export const EURO_AMOUNT_PATTERN = `${SPACE}(?:€${SPACE})?${BODY}(?:${SPACE}€)?${SPACE}`;

const EURO_AMOUNT = new RegExp(`^${SPACE}(?:€${SPACE})?(${BODY})(?:${SPACE}€)?${SPACE}$`);
const EURO_AMOUNT_WITH_TWO_SIGNS = new RegExp(`^${SPACE}€${SPACE}${BODY}${SPACE}€${SPACE}$`);

/** The hint shown next to such a field (its `title`). */
export const EURO_AMOUNT_HINT = 'Un importo in euro, per esempio 1.150, 1 150 o 949,90';

/**
 * Cents of the amount typed, or null when it is not an amount by the rules above. Zero is an amount
 * (callers decide whether they accept it); a negative sign never is.
 */
export function parseEuroCents(text: string): number | null {
  if (text.length > 40) return null;
  const match = EURO_AMOUNT.exec(text);
  if (!match || EURO_AMOUNT_WITH_TWO_SIGNS.test(text)) return null;
  const body = match[1]!;
  const commaDecimal = /,(\d{1,2})$/.exec(body);
  const dotDecimal = commaDecimal ? null : /^\d+\.(\d{1,2})$/.exec(body);
  const decimals = commaDecimal?.[1] ?? dotDecimal?.[1] ?? '';
  const wholePart = body.slice(0, body.length - (decimals === '' ? 0 : decimals.length + 1));
  const euros = Number(wholePart.replace(/[. \u00a0\u202f]/g, ''));
  return euros * 100 + Number(decimals.padEnd(2, '0'));
}

/** The same amount in euro (a number with at most two decimals), or null. */
export function parseEuro(text: string): number | null {
  const cents = parseEuroCents(text);
  return cents === null ? null : cents / 100;
}
