/**
 * The comparison of 2 or 3 public builds (/confronta): each build read as its own page reads it
 * (builds' getPublished: parts, total, cart link, compatibility with the estimated power) with the
 * history of its total (pricing's), and what was asked but cannot be shown. Whatever the query holds, it
 * never fails because of it: unknown, malformed and unpublished slugs are left out (the page counts them).
 */
import { isAppError } from '../../common/errors';
import { euroToCents } from '../../common/money';
import { MAX_COMPARED } from '../../common/compare-query';
import { isSlug } from '../../common/slug';
import type { BuildPublic } from '../builds';
import type { DataDeps } from '../data-deps';
import type { PriceHistory } from '../pricing/pricing.schema';
import * as repo from './compare.repository';

/** Options of "Confronta con…": enough to choose among, few enough for a select. */
export const NEAR_BUILDS_LIMIT = 12;

export interface CompareDeps extends DataDeps {
  builds: { getPublished(slug: string): Promise<BuildPublic> };
  pricing: { priceHistoryOfPublished(slug: string): Promise<PriceHistory> };
}

export interface ComparedBuild {
  build: BuildPublic;
  /** The history of its total, oldest first (may be empty). */
  totals: PriceHistory['total'];
}

export interface Comparison {
  /** The builds shown, in the order asked (at most MAX_COMPARED). */
  compared: ComparedBuild[];
  /** Asked but unknown, malformed or not public (draft, scheduled for later), as sent. */
  leftOut: string[];
  /** Public, but past the first MAX_COMPARED: named by their title on the page. */
  overLimit: { slug: string; title: string }[];
}

export interface CompareCandidate {
  slug: string;
  title: string;
  category: string | null;
}

export function createCompareService(deps: CompareDeps) {
  /** A build and its history, or null when it stopped being public between the lookup and the read. */
  async function readCompared(slug: string): Promise<ComparedBuild | null> {
    try {
      const [build, history] = await Promise.all([deps.builds.getPublished(slug), deps.pricing.priceHistoryOfPublished(slug)]);
      return { build, totals: history.total };
    } catch (error) {
      if (isAppError(error, 'NOT_FOUND')) return null;
      throw error;
    }
  }

  /** `requested`: common/compare-query.ts's requestedSlugs (deduplicated, in order). */
  async function compare(requested: readonly string[]): Promise<Comparison> {
    // No query for what no build can be called (a NUL, which PostgreSQL cannot compare, included).
    const wellFormed = requested.filter(isSlug);
    const visible = await repo.publicTitlesAmong(deps.db, wellFormed, deps.clock.now().toISOString());
    const valid = requested.filter((slug) => visible.has(slug));
    const read = await Promise.all(valid.slice(0, MAX_COMPARED).map(readCompared));
    const compared = read.filter((entry): entry is ComparedBuild => entry !== null);
    const shown = new Set(compared.map((entry) => entry.build.slug));
    return {
      compared,
      leftOut: requested.filter((slug) => !visible.has(slug) || (valid.indexOf(slug) < MAX_COMPARED && !shown.has(slug))),
      overLimit: valid.slice(MAX_COMPARED).map((slug) => ({ slug, title: visible.get(slug)! })),
    };
  }

  /** "Confronta con…": other public builds, the same category first, then the nearest total. */
  async function candidatesFor(build: Pick<BuildPublic, 'slug' | 'category' | 'total_price'>): Promise<CompareCandidate[]> {
    return repo.nearestPublicBuilds(
      deps.db,
      { slug: build.slug, category: build.category, totalCents: euroToCents(build.total_price) },
      deps.clock.now().toISOString(),
      NEAR_BUILDS_LIMIT,
    );
  }

  return { compare, candidatesFor };
}

export type CompareService = ReturnType<typeof createCompareService>;
