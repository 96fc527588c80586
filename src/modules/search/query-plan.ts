/**
 * What a search asks the index for (decision 041): an AND of clauses, each an OR of alternatives, each an AND
 * of terms. A plain word is a clause of one term; a phrase of the author's synonym list ("scheda video") is a
 * clause whose alternatives are every phrase of its group ("scheda video" OR "gpu"); the last word typed
 * matches as a prefix too ("ryz" finds "Ryzen"). Both databases read the same plan (search.repository.ts).
 * Pure: the synonym groups are given.
 */
import { acronymOf, MAX_QUERY_TERMS, queryPieces, stemOf } from '../../common/italian-search-text';

/** The last word matches as a prefix from this many characters: "rx" is matched whole, "ryz" as a prefix. */
export const PREFIX_MIN_LENGTH = 3;

export interface PlanTerm {
  /** Folded, for PostgreSQL (which stems it itself). */
  word: string;
  /** Its stem, for the SQLite index and the highlighting. */
  stem: string;
  /** Also matches the index's terms that begin with it (the last word, possibly still being typed). */
  prefix: boolean;
  /**
   * An acronym that is a stop word ("AI"): matched unstemmed, only where a text writes it in capitals
   * (italian-search-text.ts acronymOf); PostgreSQL reads it with the 'simple' configuration.
   */
  exact?: boolean;
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

/** A phrase of the synonym list as a search reads it: its terms (none when it has no searchable word). */
export interface SynonymPhrase {
  terms: readonly PlanTerm[];
}

/** A synonym group as the plan reads it: its phrases, each with at least one term. */
export type SynonymPhrases = readonly SynonymPhrase[];

/**
 * A phrase of the synonym list read as a search reads it (folded, stop words out, letters split from digits).
 * A phrase that is one stop word written in capitals ("AI") is that acronym, matched exactly.
 */
export function readPhrase(phrase: string): SynonymPhrase {
  const trimmed = phrase.trim();
  const acronym = acronymOf(trimmed);
  if (acronym !== null) return { terms: [{ word: acronym, stem: acronym, prefix: false, exact: true }] };
  return { terms: queryPieces(trimmed).flatMap((piece) => (piece.stop ? [] : [term(piece.word, false)])) };
}

/** How a term is compared with a search's pieces: its stem, or an acronym's word. */
function keyOf(t: PlanTerm): string {
  return t.exact ? `=${t.word}` : t.stem;
}

function term(word: string, prefix: boolean): PlanTerm {
  return { word, stem: stemOf(word), prefix };
}

function spells(phrase: SynonymPhrase, keys: readonly string[], at: number): boolean {
  return phrase.terms.length > 0 && phrase.terms.every((t, i) => keyOf(t) === keys[at + i]);
}

/** The longest phrase of any group that the search's pieces spell from `at`, with its group. */
function longestPhraseAt(keys: readonly string[], at: number, groups: readonly SynonymPhrases[]): { group: SynonymPhrases; phrase: SynonymPhrase } | null {
  let best: { group: SynonymPhrases; phrase: SynonymPhrase } | null = null;
  for (const group of groups) {
    for (const phrase of group) {
      if ((best === null || phrase.terms.length > best.phrase.terms.length) && spells(phrase, keys, at)) best = { group, phrase };
    }
  }
  return best;
}

/**
 * Terms of a whole plan, synonyms included: a group holds at most 8 phrases of 3 words, so one expanded word
 * may cost 24 terms; past this bound a phrase is searched as typed, without its group.
 */
const PLAN_TERMS_MAX = 48;

function clauseSize(clause: PlanClause): number {
  return clause.reduce((sum, alternative) => sum + alternative.length, 0);
}

function clauseKey(clause: PlanClause): string {
  return clause.map((alternative) => alternative.map((t) => `${keyOf(t)}${t.prefix ? '*' : ''}`).join('&')).sort().join('|');
}

/**
 * The plan of a search text: its words in order (stop words and negated phrases out, split where letters meet
 * digits), synonym phrases expanded to their group, the last plain word of PREFIX_MIN_LENGTH characters or more
 * matched as a prefix, repeated clauses once; at most MAX_QUERY_TERMS clauses and PLAN_TERMS_MAX terms.
 */
export function planSearch(query: string, groups: readonly SynonymPhrases[] = []): SearchPlan {
  // Stop words leave the search, except an acronym the synonyms name ("ai" when a group holds "AI").
  const acronyms = new Set(groups.flatMap((group) => group.flatMap((phrase) => phrase.terms.filter((t) => t.exact).map((t) => t.word))));
  const pieces = queryPieces(query).filter((piece) => !piece.stop || acronyms.has(piece.word));
  const words = pieces.map((piece) => piece.word);
  const keys = pieces.map((piece) => (piece.stop ? `=${piece.word}` : stemOf(piece.word)));
  const clauses: PlanClause[] = [];
  const seen = new Set<string>();
  let termCount = 0;
  for (let at = 0; at < words.length; ) {
    if (clauses.length >= MAX_QUERY_TERMS) break;
    const match = longestPhraseAt(keys, at, groups);
    let clause: PlanClause;
    if (match) {
      clause = match.group.filter((alternative) => alternative.terms.length > 0).map((alternative) => alternative.terms);
      if (termCount + clauseSize(clause) > PLAN_TERMS_MAX) clause = [match.phrase.terms];
      at += match.phrase.terms.length;
    } else {
      const word = words[at]!;
      clause = [[term(word, at === words.length - 1 && word.length >= PREFIX_MIN_LENGTH)]];
      at += 1;
    }
    const size = clauseSize(clause);
    const key = clauseKey(clause);
    if (seen.has(key)) continue;
    if (termCount + size > PLAN_TERMS_MAX) break;
    seen.add(key);
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
