/** Request and response shapes of POST /api/admin/import-amazon (api-contract.md). */
import { z } from 'zod';

export const importedComponentSchema = z.object({
  type: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  price: z.number().nullable(),
  amazon_link: z.string(),
  asin: z.string(),
  specs: z.string().nullable(),
  /** The retailer's product image (linked, never stored); null without the retailer or without an image. */
  image_url: z.string().nullable(),
});

export const importResponseSchema = z.object({
  components: z.array(importedComponentSchema),
  /** The cart URL's own associate tag, when it carries one. */
  affiliateTag: z.string().nullable(),
  /** Cart parameters that were not valid ASINs. */
  skipped: z.array(z.string()),
  retailerUsed: z.boolean(),
});

export type ImportedComponent = z.infer<typeof importedComponentSchema>;
export type ImportResponse = z.infer<typeof importResponseSchema>;
