/** The admin API of the search's synonyms (docs/api-search.md): bodies and answers. */
import { z } from 'zod';

/** A group as typed: phrases separated by commas. Checked by synonym-rules.ts (Italian 400s). */
export const synonymGroupInputSchema = z
  .object({
    phrases: z.string({ error: 'Scrivi le parole del gruppo, separate da virgole' }),
  })
  .strict();

export const synonymGroupSchema = z
  .object({
    id: z.number().int(),
    /** The group's phrases, in the order typed. */
    phrases: z.array(z.string()),
    updated_at: z.string(),
  })
  .strict();

export const synonymGroupListResponseSchema = z.object({ synonyms: z.array(synonymGroupSchema) }).strict();
export const synonymGroupResponseSchema = z.object({ synonym: synonymGroupSchema }).strict();

export type SynonymGroup = z.infer<typeof synonymGroupSchema>;
export type SynonymGroupInput = z.infer<typeof synonymGroupInputSchema>;
