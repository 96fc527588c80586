/**
 * API shapes of builds (api-contract.md), inferred from the response schemas in builds.schema.ts so the
 * server that writes them and the admin client that parses them cannot drift apart. Type-only module.
 */
import type { z } from 'zod';
import type { CompatibilitySummary } from '../../compatibility/assess';
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
  reason: 'missing_asin' | 'unavailable' | 'external_link';
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
  /** The compatibility and power checks (decision 023), as the page shows them. */
  compatibility: CompatibilitySummary;
  components: ComponentPublic[];
}
