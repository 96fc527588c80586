/**
 * What a search asks the index for (decision 041): an AND of clauses, each an OR of alternatives, each an AND
 * of terms. A plain word is a clause of one term; a phrase of the author's synonym list ("scheda video") is a
 * clause whose alternatives are every phrase of its group ("scheda video" OR "gpu"); the last word typed
 * matches as a prefix too ("ryz" finds "Ryzen"). Both databases read the same plan (search.repository.ts).
 * Pure: the synonym groups are given.
 */
import { MAX_QUERY_TERMS, queryWords, stemOf } from '../../common/italian-search-text';

/** The last word matches as a prefix from this many characters: "rx" is matched whole, "ryz" as a prefix. */
export const PREFIX_MIN_LENGTH = 3;

export interface PlanTerm {
  /** Folded, for PostgreSQL (which stems it itself). */
  word: string;
  /** Its stem, for the SQLite index and the highlighting. */
  stem: string;
  /** Also matches the index's terms that begin with it (the last word, possibly still being typed). */
  prefix: boolean;
}

/** Every term required. */
export type PlanAlternative = readonly PlanTerm[];
/** Any one alternative. */
export type PlanClause = readonly PlanAlternative[];

export interface SearchPlan {
  /** All required; empty: nothing to search. */
  clauses: PlanClause[];
  /** Stems a result's words are marked for. */
  stems: string[];
  /** Stems of prefix terms: a word whose stem begins with one is marked too. */
  prefixes: string[];
}

/** A phrase of the synonym list as a search reads it: its searchable words and their stems. */
export interface SynonymPhrase {
  words: readonly string[];
  stems: readonly string[];
}

/** A synonym group as the plan reads it: its phrases, each with at least one searchable word. */
export type SynonymPhrases = readonly SynonymPhrase[];

/** A phrase of the synonym list read as a search reads it (folded, stop words out, letters split from digits). */
export function readPhrase(phrase: string): SynonymPhrase {
  const words = queryWords(phrase);
  return { words, stems: words.map(stemOf) };
}

function term(word: string, prefix: boolean): PlanTerm {
  return { word, stem: stemOf(word), prefix };
}

function sameStems(phrase: SynonymPhrase, stems: readonly string[], at: number): boolean {
  return phrase.stems.length > 0 && phrase.stems.every((stem, i) => stem === stems[at + i]);
}

/** The longest phrase of any group that the words spell from `at`, with its group. */
function longestPhraseAt(stems: readonly string[], at: number, groups: readonly SynonymPhrases[]): { group: SynonymPhrases; length: number } | null {
  let best: { group: SynonymPhrases; length: number } | null = null;
  for (const group of groups) {
    for (const phrase of group) {
      if ((best === null || phrase.stems.length > best.length) && sameStems(phrase, stems, at)) best = { group, length: phrase.stems.length };
    }
  }
  return best;
}

function clauseKey(clause: PlanClause): string {
  return clause.map((alternative) => alternative.map((t) => `${t.stem}${t.prefix ? '*' : ''}`).join('&')).sort().join('|');
}

/**
 * The plan of a search text: its words in order (stop words and negated phrases out, split where letters meet
 * digits), synonym phrases expanded to their group, the last plain word of PREFIX_MIN_LENGTH characters or more
 * matched as a prefix, repeated clauses once, at most MAX_QUERY_TERMS terms in all.
 */
export function planSearch(query: string, groups: readonly SynonymPhrases[] = []): SearchPlan {
  const words = queryWords(query);
  const stems = words.map(stemOf);
  const clauses: PlanClause[] = [];
  const keys = new Set<string>();
  let termCount = 0;
  for (let at = 0; at < words.length; ) {
    const phrase = longestPhraseAt(stems, at, groups);
    let clause: PlanClause;
    if (phrase) {
      clause = phrase.group.filter((alternative) => alternative.words.length > 0).map((alternative) => alternative.words.map((word) => term(word, false)));
      at += phrase.length;
    } else {
      const word = words[at]!;
      clause = [[term(word, at === words.length - 1 && word.length >= PREFIX_MIN_LENGTH)]];
      at += 1;
    }
    const size = clause.reduce((sum, alternative) => sum + alternative.length, 0);
    const key = clauseKey(clause);
    if (keys.has(key)) continue;
    if (termCount + size > MAX_QUERY_TERMS) break;
    keys.add(key);
    termCount += size;
    clauses.push(clause);
  }
  const terms = clauses.flat(2);
  return {
    clauses,
    stems: [...new Set(terms.filter((t) => !t.prefix).map((t) => t.stem))],
    prefixes: [...new Set(terms.filter((t) => t.prefix).map((t) => t.stem))],
  };
}
