/**
 * The answer of GET /api/builds?q= (docs/api-search.md): the list's shape plus how many builds the search
 * found, counted up to the rank limit, and whether more match than that (decision 033).
 */
import { z } from 'zod';
import { buildSummarySchema } from '../builds/builds.schema';

export const searchResponseSchema = z
  .object({
    builds: z.array(buildSummarySchema),
    /** Matching public builds, counted up to SEARCH_RANK_LIMIT: what offset and limit page through. */
    total: z.number().int().min(0),
    /** True when more builds match than `total`: only the newest `total` were ranked. */
    total_capped: z.boolean(),
  })
  .strict();

export type SearchResponse = z.infer<typeof searchResponseSchema>;
