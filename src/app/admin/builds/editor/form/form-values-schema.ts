/**
 * The form's values as they travel outside the editor: a localStorage draft (build-draft.ts) and the JSON a
 * save sends to the route's clientAction. Both are read back with this schema, field by field, so a value
 * that is stale, hand-edited or from an older version of the editor is refused rather than trusted.
 */
import { z } from 'zod';
import type { BuildField, BuildFormValues, ComponentField, ComponentValues } from './build-form';

const text = z.string();
const buildFields = z.object({
  title: text,
  description: text,
  content: text,
  featured_image: text,
  budget: text,
  category: text,
  status: text,
  // Added with scheduled publishing: drafts saved before it have none.
  publish_at: text.default(''),
  meta_title: text,
  meta_description: text,
  affiliate_tag: text,
} satisfies Record<BuildField, z.ZodType<string, string | undefined>>);
const componentFields = z.object({
  type: text,
  name: text,
  brand: text,
  model: text,
  specs: text,
  price: text,
  amazon_link: text,
  asin: text,
  // A draft written before components had images has none: it saves '' (no image) and the next price
  // refresh links the retailer's image again (decision 019).
  image_url: text.default(''),
  // Drafts written before the compatibility checks have no overrides: every attribute is derived.
  socket: text.default(''),
  memory_type: text.default(''),
  form_factor: text.default(''),
  watts: text.default(''),
} satisfies Record<ComponentField, z.ZodType<string>>);

export const formValuesSchema = buildFields.extend({
  components: z.array(componentFields.extend({ id: z.number().int().positive().optional() })),
});

/**
 * Parsed values in the editor's own field order, so formSnapshot compares them with a loaded build reliably
 * (key order is part of the snapshot's JSON): zod writes an object's keys in the order of its shape, which
 * is the order of BUILD_FIELDS and COMPONENT_FIELDS; a saved component's id goes first, as in buildFormFromServer.
 */
export function parseFormValues(json: unknown): BuildFormValues | null {
  const result = formValuesSchema.safeParse(json);
  if (!result.success) return null;
  const components = result.data.components.map(({ id, ...fields }): ComponentValues => (id === undefined ? fields : { id, ...fields }));
  return { ...result.data, components };
}
