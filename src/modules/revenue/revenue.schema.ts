/**
 * The admin API of the affiliate earnings (docs/api-revenue.md): the report's fields, the query, the answers.
 * Shared with the admin in the browser, which parses every answer with these schemas. Amounts are euros.
 */
import { z } from 'zod';

/** The columns of the Associates Earnings report this site reads (decision 045). */
export const REPORT_FIELDS = [
  'category',
  'name',
  'asin',
  'seller',
  'tracking_id',
  'date_shipped',
  'price',
  'items_shipped',
  'returns',
  'revenue',
  'ad_fees',
  'device_type_group',
  'direct',
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

/** Without one of these a report is refused. */
export const REQUIRED_REPORT_FIELDS: readonly ReportField[] = ['asin', 'tracking_id', 'date_shipped', 'items_shipped', 'ad_fees'];

/** The report's own header (English) and what it means, for messages and the mapping form. */
export const REPORT_FIELD_LABELS: Readonly<Record<ReportField, string>> = {
  category: 'Category (categoria)',
  name: 'Name (nome del prodotto)',
  asin: 'ASIN',
  seller: 'Seller (venditore)',
  tracking_id: 'Tracking ID (ID di monitoraggio)',
  date_shipped: 'Date Shipped (data di spedizione)',
  price: 'Price (prezzo)',
  items_shipped: 'Items Shipped (articoli spediti)',
  returns: 'Returns (resi)',
  revenue: 'Revenue (entrate)',
  ad_fees: 'Ad Fees (commissioni)',
  device_type_group: 'Device Type Group (tipo di dispositivo)',
  direct: 'Direct (diretto)',
};

export const ATTRIBUTION_METHODS = ['esatto', 'stimato', 'misto'] as const;
export type AttributionMethod = (typeof ATTRIBUTION_METHODS)[number];

/** What the author maps a header the server did not recognise to: `{ "<field>": "<header as in the file>" }`. */
export const headerMappingSchema = z.partialRecord(z.enum(REPORT_FIELDS), z.string().min(1).max(200));
export type HeaderMapping = z.infer<typeof headerMappingSchema>;
export const INVALID_MAPPING_MESSAGE = 'Corrispondenza delle colonne non valida';

/** The upload form asks for a column with one field per report field: `map.<field>` = the header chosen. */
export const MAPPING_FIELD_PREFIX = 'map.';

/** The `map.<field>` answers a form posted (unanswered ones left out), to validate with headerMappingSchema. */
export function mappingFieldsOf(form: FormData): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith(MAPPING_FIELD_PREFIX) && typeof value === 'string' && value !== '') mapping[key.slice(MAPPING_FIELD_PREFIX.length)] = value;
  }
  return mapping;
}

const DAY_MESSAGE = 'Usa una data nel formato AAAA-MM-GG';
const day = z
  .string({ error: DAY_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), DAY_MESSAGE);

/** The longest window one request reads: three years of days. */
export const MAX_REVENUE_DAYS = 1100;

export const revenueQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'La data iniziale viene dopo quella finale', path: ['from'] });

const figures = {
  commissions: z.number(),
  items_shipped: z.number(),
  returns: z.number(),
  revenue: z.number(),
};

export const revenueTotalSchema = z.object(figures).strict();

export const revenueBuildSchema = z
  .object({
    build_id: z.number().int(),
    title: z.string(),
    /** The build was deleted: its earnings stay (decision 027). */
    deleted: z.boolean(),
    ...figures,
    clicks: z.number().int(),
    views: z.number().int(),
    /** Items shipped ÷ our clicks; null without clicks. */
    conversion: z.number().nullable(),
    /** Commissions per click, euros; null without clicks. */
    epc: z.number().nullable(),
    /** Commissions per 1,000 views, euros; null without views. */
    rpm: z.number().nullable(),
    method: z.enum(ATTRIBUTION_METHODS),
    /** The part of the commissions that is 'stimato' (0–1). */
    estimated_share: z.number(),
  })
  .strict();

export const revenueProductSchema = z
  .object({
    asin: z.string(),
    name: z.string(),
    ...figures,
  })
  .strict();

export const revenueDaySchema = z.object({ day: z.string(), commissions: z.number() }).strict();

export const revenueOverviewSchema = z
  .object({
    period: z.object({ from: z.string(), to: z.string() }).strict(),
    total: revenueTotalSchema,
    /** The same figures over the as many days before `period.from` (the trend). */
    previous_total: revenueTotalSchema,
    builds: z.array(revenueBuildSchema),
    products: z.array(revenueProductSchema),
    unattributed: z
      .object({
        commissions: z.number(),
        items_shipped: z.number(),
        products: z.array(revenueProductSchema.extend({ tracking_id: z.string() }).strict()),
      })
      .strict(),
    days: z.array(revenueDaySchema),
  })
  .strict();

export const buildRevenueSchema = z
  .object({
    period: z.object({ from: z.string(), to: z.string() }).strict(),
    build: revenueBuildSchema.nullable(),
    products: z.array(revenueProductSchema),
    days: z.array(revenueDaySchema),
    /** Most of the build's commissions are only 'stimato': a tracking ID of its own would measure it exactly. */
    suggest_own_tag: z.boolean(),
  })
  .strict();

export const revenueImportSchema = z
  .object({
    id: z.number().int(),
    file_name: z.string(),
    period_from: z.string(),
    period_to: z.string(),
    rows: z.number().int(),
    lines: z.number().int(),
    commissions: z.number(),
    imported_by: z.string(),
    imported_at: z.string(),
    /** Days of its period whose figures come from it (a newer import may have taken the others). */
    days_in_use: z.number().int(),
  })
  .strict();

export const revenueImportListSchema = z.object({ imports: z.array(revenueImportSchema) }).strict();

export const revenueImportResultSchema = z
  .object({
    import: revenueImportSchema,
    /** The same report was already imported and its figures are in use: nothing was stored again. */
    already_imported: z.boolean(),
    /** Days of earlier imports this one replaced. */
    replaced_days: z.number().int(),
  })
  .strict();

export type RevenueOverview = z.infer<typeof revenueOverviewSchema>;
export type BuildRevenue = z.infer<typeof buildRevenueSchema>;
export type RevenueBuild = z.infer<typeof revenueBuildSchema>;
export type RevenueProduct = z.infer<typeof revenueProductSchema>;
export type RevenueImport = z.infer<typeof revenueImportSchema>;
export type RevenueImportResult = z.infer<typeof revenueImportResultSchema>;
export type RevenueTotal = z.infer<typeof revenueTotalSchema>;
