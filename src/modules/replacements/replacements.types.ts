/** API shapes of smart replacement and replacement records (api-contract.md). Type-only module, safe to import from the UI. */
import type { ComponentAdmin } from '../builds/builds.types';

export type SmartReplacementStatus = 'available' | 'replaced' | 'unavailable' | 'error';

/** The substitute swapped in: `url` is always a product link with the affiliate tag. */
export interface ReplacementTarget {
  asin: string;
  name: string;
  url: string;
  price: number | null;
}

/** One component with an ASIN (components without one are not checked and not listed). */
export interface SmartReplacementResult {
  componentId: number;
  /** The ASIN the component had when checked (for 'replaced': the one swapped out). */
  asin: string;
  status: SmartReplacementStatus;
  /** true for 'available' and 'replaced'. */
  success: boolean;
  /** Euro: the current price ('available'), the substitute's ('replaced'), else the last known one. */
  price?: number | null;
  /** Why it is 'unavailable' or 'error', or what was swapped in. */
  message?: string;
  replacement?: ReplacementTarget;
}

export interface SmartReplacementSummary {
  available: number;
  replaced: number;
  unavailable: number;
  errors: number;
}

export interface SmartReplacementOutcome {
  results: SmartReplacementResult[];
  summary: SmartReplacementSummary;
}

/** GET /api/admin/replacements: an open record; the current fields are the substitute component's. */
export interface ReplacementRecord {
  id: number;
  build_id: number;
  build_title: string;
  /** The substitute now in the build (null when it was deleted meanwhile). */
  component_id: number | null;
  name: string | null;
  price: number | null;
  asin: string | null;
  type: string;
  amazon_link: string | null;
  original_name: string;
  original_asin: string | null;
  original_link: string | null;
  original_price: number | null;
  replacement_reason: string | null;
  created_at: string;
}

export interface RestoreOutcome {
  ok: true;
  /** The original component, back in its build. */
  component: ComponentAdmin;
}

/** One build handled by the scheduled follow-up; `outcome` null when skipped (lease busy). */
export interface ScheduledReplacementRun {
  buildId: number;
  outcome: SmartReplacementOutcome | null;
  error?: string;
}
