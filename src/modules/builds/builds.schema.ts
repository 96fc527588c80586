/** Request shapes of the builds API (api-contract.md: BuildInput and the public list query). */
import { z } from 'zod';
import { parseEuro } from '../../common/euro-amount';
import { AFFILIATE_TAG_PATTERN, isValidAsin, normalizeAsin } from '../../common/asin';
import { MAX_BUILD_COMPONENTS, MAX_EURO, MAX_EURO_LABEL, MAX_LIST_OFFSET, MAX_ROW_ID } from '../../common/bounds';
import { BUILD_CATEGORIES, BUILD_STATUSES } from '../../common/catalog';
import { CPU_SOCKETS, FORM_FACTORS, MEMORY_TYPES } from '../../compatibility/attributes';
import { CHECK_RULES } from '../../compatibility/checks';
import { attributeOverridesSchema } from '../../compatibility/overrides';
import { formatCount } from '../../common/format';
import { euroToCents } from '../../common/money';
import { MAX_QUERY_LENGTH } from '../../common/search-query';
import { optionalSingleLineText, singleLineText } from '../../common/single-line';

/**
 * Optional free text: '' and null both mean "empty". The limit's message is written when an input breaks
 * it, not when the module loads: the admin imports this schema, and a number formatter made at import
 * would cost its first screen the browser's Intl set-up (see common/format.ts).
 */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} deve essere un testo` })
    .max(max, { error: () => `${label}: massimo ${formatCount(max)} caratteri` })
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

/** Euro amount as a JSON number (or numeric string) with at most 2 decimals (step 0.01), stored as cents. */
const euroAmount = (message: string) =>
  z
    .union([z.number({ error: message }), z.string({ error: message })], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
      // Typed text is read as every typed euro amount is (euro-amount.ts); NaN when it is not one.
    const amount = typeof value === 'number' ? value : (parseEuro(value) ?? Number.NaN);
      const wholeCents = Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
      if (!Number.isFinite(amount) || amount < 0 || amount > MAX_EURO || !wholeCents) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return euroToCents(amount);
    });

const httpUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2048, message)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, message);

const IMAGE_URL_MESSAGE = "L'immagine del componente deve essere un URL https valido";

/**
 * The product image as the retailer links it. https only: the site is served over https, and an http
 * image would be mixed content. Absent (undefined) keeps what is stored, so an editor that does not
 * know the field never wipes it; '' or null clears it.
 */
const componentImageUrl = z
  .union([z.literal(''), z.null(), httpUrl(IMAGE_URL_MESSAGE).refine((value) => value.startsWith('https://'), IMAGE_URL_MESSAGE)], { error: IMAGE_URL_MESSAGE })
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

export const componentInputSchema = z.object({
  id: z.number({ error: 'Id del componente non valido' }).int().positive().max(MAX_ROW_ID).optional(),
  // Type, name, brand and model are single lines (common/single-line.ts); the specs keep their line breaks.
  type: singleLineText({ label: 'Il tipo del componente', max: 40, typeMessage: 'Il tipo del componente è obbligatorio' }),
  name: singleLineText({ label: 'Il nome del componente', max: 500, typeMessage: 'Il nome del componente è obbligatorio' }),
  brand: optionalSingleLineText({ label: 'La marca', max: 200 }),
  model: optionalSingleLineText({ label: 'Il modello', max: 200 }),
  specs: optionalText(5000, 'Le specifiche'),
  price: euroAmount(`Il prezzo deve essere un numero positivo fino a ${MAX_EURO_LABEL}, con al massimo 2 decimali (es. 129.90)`),
  amazon_link: z
    .union([z.literal(''), z.null(), httpUrl('Il link deve essere un URL valido (https://...)')], {
      error: 'Il link deve essere un URL valido (https://...)',
    })
    .optional()
    .transform((value) => value || null),
  asin: z
    .string({ error: 'ASIN non valido: servono 10 caratteri alfanumerici' })
    .nullish()
    .transform((value) => (value?.trim() ? normalizeAsin(value) : null))
    .refine((value) => value === null || isValidAsin(value), 'ASIN non valido: servono 10 caratteri alfanumerici'),
  position: z.number({ error: 'La posizione deve essere un numero intero' }).int().min(0).max(10_000).optional(),
  image_url: componentImageUrl,
  /**
   * Attributes the author sets over the derived ones (compatibility checks). Absent keeps what is stored
   * (unless the product changed); null or {} clears them.
   */
  attribute_overrides: attributeOverridesSchema
    .nullish()
    .transform((value) => (value === null ? {} : value)),
});

/** A scheduled save's publish_at must be still to come (checked by the service against its clock; by the editor against the browser's). */
export const PUBLISH_AT_IN_PAST_MESSAGE = 'La data di pubblicazione deve essere nel futuro';
const PUBLISH_AT_MESSAGE = 'La data di pubblicazione non è valida: usa una data e ora ISO-8601 con fuso (es. 2026-12-01T09:00:00Z)';
/** A date-time with an explicit offset: without one, "09:00" would mean the server's time zone. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const buildInputSchema = z.object({
  // The title and the meta fields are single lines (common/single-line.ts, decision 037); the description
  // and the article keep their line breaks.
  title: singleLineText({ label: 'Il titolo', max: 300, typeMessage: 'Il titolo è obbligatorio', maxMessage: 'Il titolo può avere al massimo 300 caratteri' }),
  description: optionalText(5000, 'La descrizione'),
  content: optionalText(200_000, 'Il contenuto'),
  featured_image: z
    .union([z.literal(''), z.null(), httpUrl("L'immagine deve essere un URL valido"), z.string().regex(/^\/[^/\\]/, "L'immagine deve essere un URL valido")], {
      error: "L'immagine deve essere un URL valido",
    })
    .optional()
    .transform((value) => value || null),
  budget: euroAmount(`Il budget deve essere un numero positivo fino a ${MAX_EURO_LABEL}, con al massimo 2 decimali (es. 1499.90)`),
  category: z
    .union([z.literal(''), z.null(), z.enum(BUILD_CATEGORIES)], {
      error: `Categoria non valida: usa una tra ${BUILD_CATEGORIES.join(', ')}`,
    })
    .optional()
    .transform((value) => value || null),
  status: z
    .enum(BUILD_STATUSES, { error: 'Stato non valido: usa "draft" (Bozza), "published" (Pubblicato) o "scheduled" (Programmata)' })
    .default('draft'),
  /**
   * When a 'scheduled' build goes public: an ISO-8601 date-time with its offset (or Z), stored as UTC.
   * Ignored (stored as null) for the other statuses; whether it is in the future is the service's check,
   * against its clock.
   */
  publish_at: z
    .string({ error: PUBLISH_AT_MESSAGE })
    .max(40, PUBLISH_AT_MESSAGE)
    .nullish()
    .transform((value, ctx) => {
      // Undefined rather than null: the key stays optional in BuildInput, for callers that never schedule.
      if (value === null || value === undefined || value.trim() === '') return undefined;
      if (!ISO_WITH_OFFSET.test(value.trim()) || Number.isNaN(Date.parse(value.trim()))) {
        ctx.addIssue({ code: 'custom', message: PUBLISH_AT_MESSAGE });
        return z.NEVER;
      }
      return new Date(value.trim()).toISOString();
    })
    .optional(),
  meta_title: optionalSingleLineText({ label: 'Il meta title', max: 300 }),
  meta_description: optionalSingleLineText({ label: 'La meta description', max: 1000 }),
  affiliate_tag: z
    .string({ error: 'Tag affiliato non valido' })
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null))
    .refine((value) => value === null || AFFILIATE_TAG_PATTERN.test(value), 'Tag affiliato non valido (es. mionegozio-21)'),
  components: z.array(componentInputSchema, { error: 'I componenti devono essere una lista' }).max(MAX_BUILD_COMPONENTS, `Al massimo ${MAX_BUILD_COMPONENTS} componenti`).default([]),
});

export type BuildInput = z.infer<typeof buildInputSchema>;

const VERSION_MESSAGE = 'updated_at non valido: invia il valore letto con la build (data ISO-8601)';

/**
 * PUT /api/admin/builds/{id}: BuildInput plus the `updated_at` the client read. With it the save is
 * conditional (409 when the build changed since); without it (or null) the save goes through, as for
 * clients written before conditional saves.
 */
export const buildUpdateSchema = buildInputSchema.extend({
  updated_at: z
    .string({ error: VERSION_MESSAGE })
    .max(40, VERSION_MESSAGE)
    .refine((value) => !Number.isNaN(Date.parse(value)), VERSION_MESSAGE)
    .nullish()
    .transform((value) => value ?? undefined),
});
export type ComponentInput = z.infer<typeof componentInputSchema>;

/**
 * A number in the query string, within min..max (and whole when `integer`). Absent or blank means "not
 * given" (undefined): a form that submits an empty field filters nothing. Anything else out of range,
 * not finite or not a number answers 400 with `message`.
 */
const queryNumber = (message: string, { min, max, integer = false }: { min: number; max: number; integer?: boolean }) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const parsed = Number(value);
      if (!Number.isFinite(parsed) || parsed < min || parsed > max || (integer && !Number.isInteger(parsed))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed;
    });

const budgetFilter = (name: string) => queryNumber(`${name} deve essere un numero positivo fino a ${MAX_EURO_LABEL}`, { min: 0, max: MAX_EURO });

export const publicListQuerySchema = z.object({
  category: z.string().trim().max(40).optional().transform((value) => value || undefined),
  minBudget: budgetFilter('minBudget'),
  maxBudget: budgetFilter('maxBudget'),
  // The site search (modules/search): refused past MAX_QUERY_LENGTH, never an error for what it holds.
  q: z.string().trim().max(MAX_QUERY_LENGTH, `Ricerca troppo lunga: al massimo ${MAX_QUERY_LENGTH} caratteri`).optional().transform((value) => value || undefined),
  limit: queryNumber('limit deve essere un numero intero tra 1 e 100', { min: 1, max: 100, integer: true }).transform((value) => value ?? 100),
  offset: queryNumber(`offset deve essere un numero intero tra 0 e ${MAX_LIST_OFFSET}`, { min: 0, max: MAX_LIST_OFFSET, integer: true }).transform(
    (value) => value ?? 0,
  ),
});

export type PublicListQuery = z.infer<typeof publicListQuerySchema>;

// ---- Response shapes (api-contract.md). The admin client parses every answer with these; the types in
// builds.types.ts are inferred from them, so server and client share one definition. Unknown keys are
// stripped, so adding a field on the server never breaks an older client.

const isoDate = z.string();
const nullableText = z.string().nullable();
const euro = z.number().nullable();

export const buildSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  featured_image: nullableText,
  category: nullableText,
  budget: euro,
  views: z.number(),
  published_at: isoDate.nullable(),
  total_price: z.number(),
  component_count: z.number(),
});

export const componentPublicSchema = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  specs: nullableText,
  price: euro,
  amazon_link: nullableText,
  asin: nullableText,
  position: z.number(),
  is_replaced: z.union([z.literal(0), z.literal(1)]),
  replacement_reason: nullableText,
  price_updated_at: isoDate.nullable(),
  availability: nullableText,
  /** The retailer's product image (linked, never stored), or null. */
  image_url: nullableText,
  /** Lowest price observed on the retailer in the last 30 days (Italian Omnibus rule), or null without observations. */
  lowest_price_30d: euro,
});

export const buildAdminRowSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: nullableText,
  budget: euro,
  /** Stays a string: an unknown status in the database is shown as it is (product spec, "Entities and their fields"). */
  status: z.string(),
  views: z.number(),
  created_at: isoDate,
  updated_at: isoDate,
  published_at: isoDate.nullable(),
  /** When a scheduled build goes public; null for the other statuses. */
  publish_at: isoDate.nullable(),
});

/** What the author set by hand over the derived attributes; {} when nothing. */
export const attributeOverridesResponseSchema = z.object({
  socket: z.enum(CPU_SOCKETS).optional(),
  memory_type: z.enum(MEMORY_TYPES).optional(),
  form_factor: z.enum(FORM_FACTORS).optional(),
  watts: z.number().optional(),
});

export const componentAdminSchema = componentPublicSchema.extend({
  build_id: z.number(),
  attribute_overrides: attributeOverridesResponseSchema,
  brand: nullableText,
  model: nullableText,
  tier: nullableText,
  price_source: nullableText,
  availability_checked_at: isoDate.nullable(),
  created_at: isoDate,
  updated_at: isoDate,
});

export const buildAdminSchema = buildAdminRowSchema.extend({
  content: z.string(),
  featured_image: nullableText,
  meta_title: nullableText,
  meta_description: nullableText,
  affiliate_tag: nullableText,
  total_price: z.number(),
  components: z.array(componentAdminSchema),
});

export const buildStatsSchema = z.object({
  total: z.number(),
  published: z.number(),
  drafts: z.number(),
  /** Builds waiting for their publish_at. */
  scheduled: z.number(),
  totalViews: z.number(),
});

/** GET /api/admin/builds/{id}, POST and PUT /api/admin/builds. */
export const adminBuildResponseSchema = z.object({ build: buildAdminSchema });
/** A row of GET /api/admin/builds: with its revision count, which the delete's confirmation names (decision 027). */
export const buildListRowSchema = buildAdminRowSchema.extend({ revision_count: z.number().int().min(0) });

/** GET /api/admin/builds. */
export const adminBuildListResponseSchema = z.object({ builds: z.array(buildListRowSchema) });
/** GET /api/admin/stats. */
export const buildStatsResponseSchema = z.object({ stats: buildStatsSchema });

export const compatibilityCheckSchema = z.object({
  rule: z.enum(CHECK_RULES),
  status: z.enum(['ok', 'warning', 'error', 'unknown']),
  message: z.string(),
});

/** GET /api/admin/builds/{id}/compatibility. */
export const compatibilityResponseSchema = z.object({
  checks: z.array(compatibilityCheckSchema),
  estimated_watts: z.number().nullable(),
});
