/**
 * The site search (issue 24, decision 033): one search over the public builds' title, description,
 * article and component names, understanding Italian (accents, plurals, stop words), ranked. The index
 * is kept in step by every build writer (db/build-search-index.ts); this service only reads it.
 */
import { AppError } from '../../common/errors';
import { searchTerms } from '../../common/italian-search-text';
import { MAX_QUERY_LENGTH } from '../../common/search-query';
import { euroToCents } from '../../common/money';
import type { BuildSummary } from '../builds/builds.types';
import type { BuildsService } from '../builds/builds.service';
import type { DataDeps } from '../data-deps';
import { searchPublicBuildIds } from './search.repository';

export const QUERY_TOO_LONG_MESSAGE = `Ricerca troppo lunga: al massimo ${MAX_QUERY_LENGTH} caratteri`;

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
}

export interface SearchDeps extends DataDeps {
  builds: Pick<BuildsService, 'listSummariesInOrder'>;
  /**
   * Matches ranked at most (SEARCH_RANK_LIMIT): the newest ones. A search matching more ranks those and says
   * so, so its cost stops growing with the number of matches (decision 033).
   */
  rankLimit: number;
}

export function createSearchService(deps: SearchDeps) {
  const { db, clock, rankLimit } = deps;
  if (!Number.isInteger(rankLimit) || rankLimit < 1) throw new Error('rankLimit: a whole number of matches, at least 1');

  /**
   * The public builds matching every term of `q`, best first. A text with no searchable word (only stop
   * words, punctuation, operators) finds nothing; one longer than MAX_QUERY_LENGTH is refused (400).
   */
  async function search(request: SearchRequest): Promise<SearchResult> {
    if (request.q.length > MAX_QUERY_LENGTH) throw new AppError('VALIDATION_ERROR', QUERY_TOO_LONG_MESSAGE, { fields: { q: QUERY_TOO_LONG_MESSAGE } });
    const { words, terms } = searchTerms(request.q);
    if (terms.length === 0) return { builds: [], total: 0, totalCapped: false, terms };
    const { ids, total, capped } = await searchPublicBuildIds(
      db,
      {
        terms,
        words,
        now: clock.now().toISOString(),
        category: request.category ?? undefined,
        minBudgetCents: request.minBudget === undefined ? undefined : euroToCents(request.minBudget),
        maxBudgetCents: request.maxBudget === undefined ? undefined : euroToCents(request.maxBudget),
      },
      { limit: request.limit, offset: request.offset },
      rankLimit,
    );
    return { builds: await deps.builds.listSummariesInOrder(ids), total, totalCapped: capped, terms };
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;
