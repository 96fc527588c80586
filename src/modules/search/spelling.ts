/**
 * Spelling correction of a search's words against the index's own vocabulary (decision 041): pure parts.
 * A word is corrected only when it is long enough for a typo to be told from another word (5 letters or
 * more), within 1 edit up to 7 letters and 2 from 8; an edit is an insertion, a deletion, a substitution or
 * two neighbouring letters swapped ("ryzne" -> "ryzen", "gamign" -> "gaming": one edit each).
 */

/** Shorter words are never corrected: at 4 letters one edit reaches too many real words. */
export const CORRECTION_MIN_LENGTH = 5;
/** From this length two edits are allowed. */
const TWO_EDITS_FROM = 8;

/** How many edits a word of this length may be corrected by (0: not corrected). */
export function allowedEdits(length: number): number {
  if (length < CORRECTION_MIN_LENGTH) return 0;
  return length >= TWO_EDITS_FROM ? 2 : 1;
}

/**
 * The optimal string alignment distance (Levenshtein plus the swap of two neighbouring characters), or
 * `limit + 1` as soon as it is known to exceed `limit`: a candidate far away costs one row, not the table.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/**
 * The candidates of `word` among `vocabulary` within its allowed edits, nearest first, then those of the
 * same length, then alphabetical; at most `max`. The word itself is not a candidate.
 */
export function nearestWords(word: string, vocabulary: Iterable<string>, max: number): string[] {
  const limit = allowedEdits(word.length);
  if (limit === 0) return [];
  const found: { candidate: string; distance: number }[] = [];
  for (const candidate of vocabulary) {
    if (candidate === word) continue;
    const distance = editDistance(word, candidate, limit);
    if (distance <= limit) found.push({ candidate, distance });
  }
  found.sort(
    (x, y) =>
      x.distance - y.distance ||
      Number(x.candidate.length !== word.length) - Number(y.candidate.length !== word.length) ||
      (x.candidate < y.candidate ? -1 : x.candidate > y.candidate ? 1 : 0),
  );
  return found.slice(0, max).map(({ candidate }) => candidate);
}
