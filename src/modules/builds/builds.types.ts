/**
 * API shapes of builds (api-contract.md), inferred from the response schemas in builds.schema.ts so the
 * server that writes them and the admin client that parses them cannot drift apart. Type-only module.
 */
import type { z } from 'zod';
import type { CompatibilitySummary } from '../../compatibility/assess';
import type { PublicAlternative } from '../personalization';
import type * as schemas from './builds.schema';

export type BuildSummary = z.infer<typeof schemas.buildSummarySchema>;
export type ComponentPublic = z.infer<typeof schemas.componentPublicSchema>;
export type BuildAdminRow = z.infer<typeof schemas.buildAdminRowSchema>;
export type BuildListRow = z.infer<typeof schemas.buildListRowSchema>;
export type ComponentAdmin = z.infer<typeof schemas.componentAdminSchema>;
export type BuildAdmin = z.infer<typeof schemas.buildAdminSchema>;
export type BuildStats = z.infer<typeof schemas.buildStatsSchema>;
export type CompatibilityResponse = z.infer<typeof schemas.compatibilityResponseSchema>;

export interface CartExclusion {
  id: number;
  name: string;
  /** external_link: the component links to a site other than Amazon (amazon-hosts.ts). */
  /** owned: the visitor already has it (a personalised build, decision 030). */
  reason: 'missing_asin' | 'unavailable' | 'external_link' | 'owned';
}

/** A component as visitors see it: the author's part, or the alternative a personalisation put in its place. */
export interface BuildComponentPublic extends ComponentPublic {
  /** The author's curated alternatives on offer for it (priced, not unavailable), in the author's order. */
  alternatives: PublicAlternative[];
  /** The author's part this one replaces in a personalised build; null otherwise. */
  swapped_from: { asin: string | null; name: string; price: number | null } | null;
  /** Who swapped it: the visitor's choice or the budget fit; null when not swapped. */
  swapped_by: 'visitor' | 'budget' | null;
  /** The visitor already has it: out of the total and the cart ("Già in tuo possesso"). */
  owned: boolean;
}

/** What a visitor's personalisation did (decision 030); null on the author's build as it is. */
export interface BuildPersonalization {
  /** Every swap made, by the visitor's `scegli` or by the budget fit. */
  choices: { component_id: number; asin: string; by: 'visitor' | 'budget' }[];
  owned: number[];
  /** The budget asked, in euro, or null. */
  budget: number | null;
  /** Whether the total is at or under the budget; null without a budget. */
  budget_met: boolean | null;
  /** The author's build's total, in euro. */
  base_total: number;
  /** How many parameters were left out (at most 20): counted, never quoted (decision 035). */
  ignored: number;
  /** The variant's query in its one spelling ('' when nothing applied): its links and share links use it. */
  query: string;
}

/** The public page's build; read by server-rendered pages only, so it has no runtime schema. */
export interface BuildPublic extends BuildSummary {
  content: string;
  content_html: string;
  meta_title: string;
  meta_description: string;
  affiliate_tag: string;
  cart_url: string | null;
  /** Components left out of cart_url, and why (affiliate-compliance.md). */
  cart_excluded: CartExclusion[];
  /** Date of the oldest price shown: the page must never claim prices are fresher than this. */
  prices_updated_at: string | null;
  /** When the author last changed the build (the sitemap's lastmod and the article's dateModified). */
  updated_at: string;
  /** The compatibility and power checks (decision 023), as the page shows them. */
  compatibility: CompatibilitySummary;
  components: BuildComponentPublic[];
  personalization: BuildPersonalization | null;
}
