/**
 * Request shapes of the alternatives API (api-contract.md, "Admin: alternatives"; product spec, "Validation rules").
 *
 * The original client sends camelCase bodies (`alternativeAsin`...) on every call except one reading of
 * the update by id, which uses snake_case (`alternative_asin`...). Every alternative body goes through
 * `toCamelCase` first, so one schema validates both spellings and the service sees a single shape.
 */
import { z } from 'zod';
import { parseEuro } from '../../common/euro-amount';
import { isValidAsin, normalizeAsin } from '../../common/asin';
import { MAX_EURO, MAX_EURO_LABEL } from '../../common/bounds';
import { EDITOR_COMPONENT_TYPES } from '../../common/catalog';
import { euroToCents } from '../../common/money';
import { singleLineText } from '../../common/single-line';

export const ASIN_INVALID = 'ASIN non valido: servono 10 caratteri alfanumerici';
export const ASIN_AND_NAME_REQUIRED = 'ASIN e nome sono obbligatori';
const CATEGORY_NAME_REQUIRED = 'Il nome della categoria è obbligatorio';
const ORIGINAL_ASIN_REQUIRED = "L'ASIN del prodotto originale è obbligatorio";
const PRICE_INVALID = `Il prezzo deve essere un numero positivo fino a ${MAX_EURO_LABEL}, con al massimo 2 decimali (es. 129.90)`;
const BODY_NOT_OBJECT = 'Il corpo della richiesta deve essere un oggetto JSON';

export const MIN_PRIORITY = 1;
export const MAX_PRIORITY = 5;

/**
 * Priority as the spec wants it: clamped to 1..5, anything non-numeric becomes 1. Decimals are truncated
 * (2.7 -> 2), as the original client's parseInt did. Numeric strings count as numbers ('3' -> 3); a string
 * with trailing garbage ('3abc') does not.
 */
export function clampPriority(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(number)) return MIN_PRIORITY;
  return Math.min(MAX_PRIORITY, Math.max(MIN_PRIORITY, Math.trunc(number)));
}

/** Required ASIN: trimmed and uppercased; missing or blank gets `missingMessage`, anything else not 10 alphanumerics ASIN_INVALID. */
const requiredAsin = (missingMessage: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? missingMessage : ASIN_INVALID) })
    .trim()
    .min(1, missingMessage)
    .transform(normalizeAsin)
    .refine(isValidAsin, ASIN_INVALID);

/** A product's name: one line (common/single-line.ts). */
const alternativeName = singleLineText({
  label: 'Il nome',
  max: 500,
  requiredMessage: ASIN_AND_NAME_REQUIRED,
  maxMessage: 'Il nome può avere al massimo 500 caratteri',
});

/** Euro (number or numeric string, step 0.01) to cents; null and '' mean "no price"; undefined stays undefined. */
const euroPrice = z
  .union([z.number({ error: PRICE_INVALID }), z.string({ error: PRICE_INVALID })], { error: PRICE_INVALID })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    // Typed text is read as every typed euro amount is (euro-amount.ts); NaN when it is not one.
    const amount = typeof value === 'number' ? value : (parseEuro(value) ?? Number.NaN);
    const wholeCents = Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
    if (!Number.isFinite(amount) || amount < 0 || amount > MAX_EURO || !wholeCents) {
      ctx.addIssue({ code: 'custom', message: PRICE_INVALID });
      return z.NEVER;
    }
    return euroToCents(amount);
  });

/** Missing stays undefined (the caller decides: default on create, unchanged on update); anything else is clamped. */
const priority = z.unknown().transform(clampPriority).optional();

const SNAKE_TO_CAMEL = {
  original_asin: 'originalAsin',
  alternative_asin: 'alternativeAsin',
  alternative_name: 'alternativeName',
  alternative_price: 'alternativePrice',
} as const;

/** Copies snake_case fields to their camelCase names; when a body carries both, camelCase wins. */
function toCamelCase(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const result: Record<string, unknown> = { ...body };
  for (const [snake, camel] of Object.entries(SNAKE_TO_CAMEL)) {
    if (result[camel] === undefined && result[snake] !== undefined) result[camel] = result[snake];
  }
  return result;
}

const alternativeFields = {
  alternativeAsin: requiredAsin(ASIN_AND_NAME_REQUIRED),
  alternativeName,
  alternativePrice: euroPrice,
  priority,
};

/** The fields every new alternative is stored with. Defaults: no price, priority 1. */
function newAlternative(body: { alternativeAsin: string; alternativeName: string; alternativePrice?: number | null; priority?: number }) {
  return {
    alternativeAsin: body.alternativeAsin,
    alternativeName: body.alternativeName,
    priceCents: body.alternativePrice ?? null,
    priority: body.priority ?? MIN_PRIORITY,
  };
}

/** Body of POST /alternative-categories/{id}/alternatives. */
export const groupAlternativeInputSchema = z.preprocess(toCamelCase, z.object(alternativeFields, { error: BODY_NOT_OBJECT }).transform(newAlternative));

/** Body of POST /alternatives: an alternative tied to one original product. */
export const productAlternativeInputSchema = z.preprocess(
  toCamelCase,
  z
    .object({ originalAsin: requiredAsin(ORIGINAL_ASIN_REQUIRED), ...alternativeFields }, { error: BODY_NOT_OBJECT })
    .transform((body) => ({ originalAsin: body.originalAsin, ...newAlternative(body) })),
);

/**
 * Body of PUT /alternatives/{id}, camelCase or snake_case. ASIN and name are required (the client sends the
 * whole alternative); a price or priority left out keeps its current value, an explicit null/'' price clears it.
 */
export const alternativeUpdateSchema = z.preprocess(
  toCamelCase,
  z.object(alternativeFields, { error: BODY_NOT_OBJECT }).transform((body) => ({
    alternativeAsin: body.alternativeAsin,
    alternativeName: body.alternativeName,
    priceCents: body.alternativePrice,
    priority: body.priority,
  })),
);

export type GroupAlternativeInput = z.infer<typeof groupAlternativeInputSchema>;
export type ProductAlternativeInput = z.infer<typeof productAlternativeInputSchema>;
export type AlternativeUpdate = z.infer<typeof alternativeUpdateSchema>;

const COMPONENT_TYPE_INVALID = `Tipo di componente non valido: usa uno tra ${EDITOR_COMPONENT_TYPES.join(', ')}`;

/** The editor's component type in its canonical spelling ('gpu' -> 'GPU'), or null when unknown. */
function canonicalComponentType(value: string): string | null {
  const wanted = value.trim().toLowerCase();
  return EDITOR_COMPONENT_TYPES.find((type) => type.toLowerCase() === wanted) ?? null;
}

/** Body of POST and PUT /alternative-categories (PUT replaces every field). */
export const categoryInputSchema = z.object(
  {
    name: singleLineText({
      label: 'Il nome della categoria',
      max: 200,
      requiredMessage: CATEGORY_NAME_REQUIRED,
      typeMessage: CATEGORY_NAME_REQUIRED,
      maxMessage: 'Il nome della categoria può avere al massimo 200 caratteri',
    }),
    description: z
      .string({ error: 'La descrizione deve essere un testo' })
      .max(5000, 'La descrizione può avere al massimo 5.000 caratteri')
      .nullish()
      .transform((value) => (value?.trim() ? value.trim() : null)),
    component_type: z
      .string({ error: COMPONENT_TYPE_INVALID })
      .nullish()
      .transform((value, ctx) => {
        if (!value?.trim()) return null;
        const type = canonicalComponentType(value);
        if (type === null) {
          ctx.addIssue({ code: 'custom', message: COMPONENT_TYPE_INVALID });
          return z.NEVER;
        }
        return type;
      }),
  },
  { error: BODY_NOT_OBJECT },
);

export type CategoryInput = z.infer<typeof categoryInputSchema>;

// ---- Response shapes (api-contract.md, "Admin: alternatives"); alternatives.types.ts infers from these.

export const alternativeSchema = z.object({
  id: z.number(),
  original_asin: z.string().nullable(),
  category_id: z.number().nullable(),
  alternative_asin: z.string(),
  alternative_name: z.string(),
  /** Euro with at most 2 decimals, or null when unknown. */
  alternative_price: z.number().nullable(),
  /** 1 (highest) to 5 (lowest). */
  priority: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const alternativeCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** One of the editor's component types, or null. */
  component_type: z.string().nullable(),
  alternatives_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A category with its members, by priority then creation order. */
export const alternativeCategoryDetailSchema = alternativeCategorySchema.extend({ alternatives: z.array(alternativeSchema) });

export const categoryListResponseSchema = z.object({ categories: z.array(alternativeCategorySchema) });
export const categoryResponseSchema = z.object({ category: alternativeCategorySchema });
export const categoryDetailResponseSchema = z.object({ category: alternativeCategoryDetailSchema });
export const alternativeListResponseSchema = z.object({ alternatives: z.array(alternativeSchema) });
export const alternativeResponseSchema = z.object({ alternative: alternativeSchema });
