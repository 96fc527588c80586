/**
 * Retailer data for the author (api-contract.md, "Admin: retailer data for the author"): the query of a
 * product search and the shapes of the search and lookup answers. The admin client parses every answer
 * with these schemas.
 */
import { z } from 'zod';

/** Longest search accepted: Amazon's own search box stops well before. */
const MAX_SEARCH_QUERY_LENGTH = 200;
/** SearchItems serves pages 1 to 10 of a query. */
export const MAX_SEARCH_PAGE = 10;

export const RETAILER_ITEM_MESSAGES = {
  emptyQuery: 'Inserisci le parole da cercare su Amazon',
  longQuery: `Ricerca troppo lunga: al massimo ${MAX_SEARCH_QUERY_LENGTH} caratteri`,
  badPage: `La pagina deve essere un numero intero da 1 a ${MAX_SEARCH_PAGE}`,
  emptyReference: 'Inserisci un ASIN o il link di un prodotto Amazon',
  noAsin: 'Nessun ASIN valido: incolla un ASIN di 10 caratteri (es. B0BMQJWBDM) o il link di un prodotto Amazon (https://www.amazon.it/dp/...)',
  shortLink: "I link abbreviati (amzn.eu, amzn.to, a.co) non si possono leggere: apri il link e copia l'indirizzo completo della pagina del prodotto",
  notFound: (asin: string) => `Prodotto ${asin} non trovato su Amazon: controlla l'ASIN o il link`,
} as const;

/** GET /api/admin/retailer/search?q=…&page=N: `q` trimmed, required; `page` 1 to 10, default 1. */
export const retailerSearchQuerySchema = z.object({
  q: z
    .string({ error: RETAILER_ITEM_MESSAGES.emptyQuery })
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().min(1, RETAILER_ITEM_MESSAGES.emptyQuery).max(MAX_SEARCH_QUERY_LENGTH, RETAILER_ITEM_MESSAGES.longQuery)),
  page: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return 1;
      const page = Number(value);
      if (!/^\d{1,2}$/.test(value.trim()) || page < 1 || page > MAX_SEARCH_PAGE) {
        ctx.addIssue({ code: 'custom', message: RETAILER_ITEM_MESSAGES.badPage });
        return z.NEVER;
      }
      return page;
    }),
});

export type RetailerSearchQuery = z.infer<typeof retailerSearchQuerySchema>;

/** A product as the retailer describes it, ready to become a component of a build. */
export const retailerItemSchema = z.object({
  asin: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  /** Euro, the buy-box offer's price; null when Amazon shows none. */
  price: z.number().nullable(),
  /** 'unavailable' when out of stock or without any offer. */
  availability: z.enum(['available', 'unavailable']),
  /** Amazon's image link (large, else medium); linked, never stored. */
  image_url: z.string().nullable(),
  /** A product link carrying the site's affiliate tag. */
  amazon_link: z.string(),
  /** Component type guessed from the title (CPU, GPU, …, 'Other'); the author may change it. */
  type: z.string(),
  /** The bullet points of the product page, a starting point for the specs. */
  features: z.array(z.string()),
});

/** GET /api/admin/retailer/search. */
export const retailerSearchResponseSchema = z.object({
  items: z.array(retailerItemSchema),
  page: z.number(),
  /** Amazon's count of matches over all pages (it serves at most 10 pages of 10). */
  total_results: z.number(),
});

/** GET /api/admin/retailer/items/{asin or URL}. */
export const retailerItemResponseSchema = z.object({ item: retailerItemSchema });

export type RetailerItem = z.infer<typeof retailerItemSchema>;
export type RetailerSearchResponse = z.infer<typeof retailerSearchResponseSchema>;
