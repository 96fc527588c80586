/**
 * zod schemas of the Creators API payloads we read (amazon-creators-api.md, "Resources and response
 * shape"). Only the fields we use are declared; unknown fields are dropped, but a declared field of the
 * wrong type fails the whole payload. Optional fields accept null as well as absence.
 */
import { z } from 'zod';

const displayValue = z.object({ displayValue: z.string() });

const money = z.object({
  amount: z.number(),
  currency: z.string(),
  displayAmount: z.string().nullish(),
});

export const listingSchema = z.object({
  isBuyBoxWinner: z.boolean().nullish(),
  price: z.object({ money: money.nullish() }).nullish(),
  availability: z.object({ type: z.string().nullish(), message: z.string().nullish() }).nullish(),
  condition: z.object({ value: z.string().nullish() }).nullish(),
  merchantInfo: z.object({ id: z.string().nullish(), name: z.string().nullish() }).nullish(),
});

/** One size of `images.primary`; Amazon's sizes are whole pixels, but a missing one is no reason to drop the image. */
const imageSchema = z.object({
  url: z.string().min(1),
  width: z.number().nullish(),
  height: z.number().nullish(),
});

export const itemSchema = z.object({
  asin: z.string().min(1),
  detailPageURL: z.string().nullish(),
  itemInfo: z
    .object({
      title: displayValue.nullish(),
      byLineInfo: z.object({ brand: displayValue.nullish(), manufacturer: displayValue.nullish() }).nullish(),
      features: z.object({ displayValues: z.array(z.string()).nullish() }).nullish(),
    })
    .nullish(),
  images: z
    .object({
      primary: z.object({ large: imageSchema.nullish(), medium: imageSchema.nullish() }).nullish(),
    })
    .nullish(),
  offersV2: z.object({ listings: z.array(listingSchema).nullish() }).nullish(),
});

const itemsContainer = z.object({ items: z.array(itemSchema).nullish() });

/** Partial failures (HTTP 200): the failed IDs are named in `message`, not in a field of their own. */
const itemError = z.object({ code: z.string(), message: z.string().nullish() });

export const getItemsResponseSchema = z
  .object({
    itemsResult: itemsContainer.nullish(),
    // The GetItems page of the docs spells the container `itemResults`; the SDKs say `itemsResult`.
    itemResults: itemsContainer.nullish(),
    errors: z.array(itemError).nullish(),
  })
  .refine((body) => body.itemsResult || body.itemResults || body.errors, { message: 'manca itemsResult' });

export const searchItemsResponseSchema = z
  .object({
    searchResult: z
      .object({
        items: z.array(itemSchema).nullish(),
        totalResultCount: z.number().nullish(),
        searchURL: z.string().nullish(),
      })
      .nullish(),
    errors: z.array(itemError).nullish(),
  })
  .refine((body) => body.searchResult || body.errors, { message: 'manca searchResult' });

export type WireItem = z.infer<typeof itemSchema>;
export type WireImage = z.infer<typeof imageSchema>;
export type WireListing = z.infer<typeof listingSchema>;
export type GetItemsResponse = z.infer<typeof getItemsResponseSchema>;
export type SearchItemsResponse = z.infer<typeof searchItemsResponseSchema>;
