/** GET /api/deals (docs/api-deals.md) and the admin's deals card: the answers' shapes, strict like the server's. */
import { z } from 'zod';
import { BUILD_CATEGORIES } from '../../common/catalog';
import { DEAL_TYPES } from '../../common/deals-query';

/** GET /api/deals?tipo=&categoria=: both optional, a value of the lists or a 400 naming them; other parameters ignored. */
export const dealsQuerySchema = z.object({
  tipo: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => DEAL_TYPES.includes(value), { error: `Tipo di componente sconosciuto. Tipi: ${DEAL_TYPES.join(', ')}.` })
    .optional(),
  categoria: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => (BUILD_CATEGORIES as readonly string[]).includes(value), { error: `Categoria sconosciuta. Categorie: ${BUILD_CATEGORIES.join(', ')}.` })
    .optional(),
});

const isoInstant = z.string().datetime({ offset: true });
const euro = z.number().nonnegative();

export const dealBuildSchema = z.strictObject({ slug: z.string(), title: z.string() });

export const dealSchema = z.strictObject({
  asin: z.string().regex(/^[A-Z0-9]{10}$/),
  name: z.string(),
  /** The part's type as the build page writes it ('GPU', 'Motherboard', …). */
  type: z.string(),
  price: euro,
  price_updated_at: isoInstant,
  previous_low_30d: euro,
  /** Percent below the previous 30-day low, two decimals at most, rounded down. */
  drop_percent: z.number().positive().max(100),
  /** The retailer's image while it is confirmed (24 hours, decision 024); null otherwise. */
  image_url: z.string().url().nullable(),
  builds: z.array(dealBuildSchema).min(1),
});

export const dealsResponseSchema = z.strictObject({
  deals: z.array(dealSchema),
  /** When the prices were last checked (the last price refresh that finished); null: never. */
  checked_at: isoInstant.nullable(),
});

export type Deal = z.infer<typeof dealSchema>;
export type DealsResponse = z.infer<typeof dealsResponseSchema>;

/** GET /api/admin/deals/stats: the dashboard's card. */
export const dealStatsResponseSchema = z.strictObject({
  deals: z.number().int().nonnegative(),
  telegram: z.strictObject({
    enabled: z.boolean(),
    sent: z.number().int().nonnegative(),
    waiting: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    last_failure: z.strictObject({ at: isoInstant, error: z.string() }).nullable(),
  }),
});

export type DealStatsResponse = z.infer<typeof dealStatsResponseSchema>;

/** GET/PUT /api/admin/deals/builds/{id}: whether the build's parts are kept out of deals. */
export const dealExclusionSchema = z.strictObject({
  excluded: z.boolean({ error: 'Indica se escludere la build dalle offerte (true o false)' }),
});

export type DealExclusion = z.infer<typeof dealExclusionSchema>;
