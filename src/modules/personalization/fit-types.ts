/** The budget fit's input and answer (decision 030); the search is in fit-search.ts, the entry points in budget-fit.ts. */
import type { ComponentAttributes } from '../../compatibility/attributes';

export interface FitOption {
  /** The alternative's ASIN. */
  key: string;
  priceCents: number;
  /** 0-based index in the author's order for this part: lower = preferred. */
  rank: number;
  type: string;
  attributes: ComponentAttributes;
}

export interface FitPart {
  componentId: number;
  /** Display position (tie-break: earlier part first). */
  position: number;
  type: string;
  attributes: ComponentAttributes;
  /** The part's current price in cents (0 when unpriced); already the explicit choice's price when `fixed`. */
  priceCents: number;
  /** Owned parts count 0 in the total but stay in the checks. */
  counted: boolean;
  /** Explicit visitor choice or owned: the fit never changes it. */
  fixed: boolean;
  /** Offered alternatives (already filtered: priced, not unavailable), author order. */
  options: FitOption[];
}

export interface BudgetFit {
  /** componentId -> chosen option; only parts the fit swapped. */
  swaps: Map<number, FitOption>;
  totalCents: number;
  met: boolean;
  /** Candidates evaluated and whether the search was exhaustive (false: greedy fallback used). */
  evaluations: number;
  exhaustive: boolean;
}
