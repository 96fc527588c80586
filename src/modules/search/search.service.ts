/**
 * The site search (decisions 033 and 041): one search over the public builds' title, description, article,
 * component names and the curated alternatives they offer, understanding Italian (accents, plurals, stop
 * words), the author's synonyms, the last word as a prefix, ranked; and, for a search that finds nothing, a
 * correction of its misspelt words against the index's own vocabulary. The index is kept in step by every
 * writer (db/build-search-index.ts); this service only reads it.
 */
import { AppError } from '../../common/errors';
import { queryWords } from '../../common/italian-search-text';
import { MAX_QUERY_LENGTH } from '../../common/search-query';
import { euroToCents } from '../../common/money';
import type { BuildsService, BuildSummary } from '../builds';
import type { DataDeps } from '../data-deps';
import { planSearch, type SynonymPhrases } from './query-plan';
import { allowedEdits, CORRECTION_MIN_LENGTH, nearestWords } from './spelling';
import { knownWords, searchPublicBuildIds, vocabularyRange } from './search.repository';

export const QUERY_TOO_LONG_MESSAGE = `Ricerca troppo lunga: al massimo ${MAX_QUERY_LENGTH} caratteri`;

/**
 * Bounds of a correction, which runs only for a search that found nothing: at most this many words are
 * corrected, each from at most VOCABULARY_READ words of the vocabulary (same first letter, a length within
 * reach) and at most CANDIDATES_TRIED candidates searched. About eight small queries at worst.
 */
const CORRECTED_WORDS_MAX = 2;
const VOCABULARY_READ = 2_000;
const CANDIDATES_TRIED = 2;

export interface SearchRequest {
  q: string;
  category?: string | null;
  /** Euro, inclusive. */
  minBudget?: number;
  maxBudget?: number;
  limit: number;
  offset: number;
}

export interface SearchResult {
  builds: BuildSummary[];
  /** How many public builds match, counted up to the rank limit: the results a visitor can page through. */
  total: number;
  /** More builds match than `total`: only the newest `total` were ranked (the page says "più di N"). */
  totalCapped: boolean;
  /** The stems searched for (common/italian-search-text.ts): what a page highlights. Empty: nothing to search. */
  terms: string[];
  /** Stems searched as prefixes (the last word typed): a word whose stem begins with one is highlighted too. */
  prefixes: string[];
}

export interface SearchDeps extends DataDeps {
  builds: Pick<BuildsService, 'listSummariesInOrder'>;
  /** The author's synonym groups as a search reads them (synonyms.service.ts); none when absent. */
  synonyms?: () => Promise<SynonymPhrases[]>;
  /**
   * Matches ranked at most (SEARCH_RANK_LIMIT): the newest ones. A search matching more ranks those and says
   * so, so its cost stops growing with the number of matches (decision 033).
   */
  rankLimit: number;
}

/** The text with one whole word replaced (words are folded runs of letters and digits). */
function replaceWord(text: string, word: string, by: string): string {
  const replaced = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'gu'), by);
  return replaced;
}

export function createSearchService(deps: SearchDeps) {
  const { db, clock, rankLimit } = deps;
  if (!Number.isInteger(rankLimit) || rankLimit < 1) throw new Error('rankLimit: a whole number of matches, at least 1');
  const synonyms = deps.synonyms ?? (() => Promise.resolve([]));

  /**
   * The public builds matching every word of `q` (or a synonym of it; the last word also as a prefix), best
   * first. A text with no searchable word (only stop words, punctuation, operators) finds nothing; one longer
   * than MAX_QUERY_LENGTH is refused (400).
   */
  async function search(request: SearchRequest): Promise<SearchResult> {
    const { ids, total, capped, plan } = await matchIds(request);
    return { builds: ids.length > 0 ? await deps.builds.listSummariesInOrder(ids) : [], total, totalCapped: capped, terms: plan.stems, prefixes: plan.prefixes };
  }

  /** The page of matching ids (search without the cards). */
  async function matchIds(request: SearchRequest) {
    if (request.q.length > MAX_QUERY_LENGTH) throw new AppError('VALIDATION_ERROR', QUERY_TOO_LONG_MESSAGE, { fields: { q: QUERY_TOO_LONG_MESSAGE } });
    const plan = planSearch(request.q, await synonyms());
    if (plan.clauses.length === 0) return { ids: [], total: 0, capped: false, plan };
    const found = await searchPublicBuildIds(
      db,
      {
        clauses: plan.clauses,
        now: clock.now().toISOString(),
        category: request.category ?? undefined,
        minBudgetCents: request.minBudget === undefined ? undefined : euroToCents(request.minBudget),
        maxBudgetCents: request.maxBudget === undefined ? undefined : euroToCents(request.maxBudget),
      },
      { limit: request.limit, offset: request.offset },
      rankLimit,
    );
    return { ...found, plan };
  }

  /** Whether the text alone finds a public build (no card is read). */
  async function findsSomething(q: string): Promise<boolean> {
    return (await matchIds({ q, limit: 1, offset: 0 })).total > 0;
  }

  /** The vocabulary's words that could be `word` misspelt: same first letter, a length within reach. */
  function vocabularyNear(word: string): Promise<string[]> {
    const edits = allowedEdits(word.length);
    return vocabularyRange(db, String.fromCodePoint(word.codePointAt(0)!), word.length - edits, word.length + edits, VOCABULARY_READ);
  }

  /**
   * For a search (its folded text, as the page keys it) that found nothing: the same text with its misspelt
   * words corrected, or null when none could be. A word is a suspect when it has 5 letters or more and is not
   * in the vocabulary; each suspect takes the nearest vocabulary word that finds public builds alone. Whether
   * the corrected text finds builds as a whole is the caller's search to make (the page shows it only then).
   * Misspelt words that a first letter typo made are not corrected (the vocabulary is read by first letter).
   */
  async function correct(q: string): Promise<string | null> {
    if (q.length > MAX_QUERY_LENGTH) return null;
    const words = [...new Set(queryWords(q))].filter((word) => word.length >= CORRECTION_MIN_LENGTH && word.length <= 40);
    if (words.length === 0) return null;
    const known = await knownWords(db, words);
    const suspects = words.filter((word) => !known.has(word)).slice(0, CORRECTED_WORDS_MAX);
    let corrected = q;
    for (const word of suspects) {
      for (const candidate of nearestWords(word, await vocabularyNear(word), CANDIDATES_TRIED)) {
        if (await findsSomething(candidate)) {
          corrected = replaceWord(corrected, word, candidate);
          break;
        }
      }
    }
    return corrected === q ? null : corrected;
  }

  return { search, correct };
}

export type SearchService = ReturnType<typeof createSearchService>;
