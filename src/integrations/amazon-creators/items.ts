/** The item shapes the client returns, and how a wire item becomes one. */
import { toSingleLine, toSingleLineOrNull } from '../../common/single-line';
import type { WireImage, WireItem, WireListing } from './schemas';

export const AVAILABILITY_TYPES = [
  'IN_STOCK',
  'IN_STOCK_SCARCE',
  'LEADTIME',
  'PREORDER',
  'AVAILABLE_DATE',
  'OUT_OF_STOCK',
  'UNAVAILABLE',
  'UNKNOWN',
] as const;

/** `offersV2.listings[].availability.type`; 'UNAVAILABLE' when there is no listing, 'UNKNOWN' for values Amazon adds later. */
export type Availability = (typeof AVAILABILITY_TYPES)[number];

/** The product's main image as Amazon links it (never to be stored: affiliate-compliance.md). */
export interface ItemImage {
  url: string;
  width: number | null;
  height: number | null;
}

export interface FoundItem {
  asin: string;
  status: 'found';
  title: string | null;
  brand: string | null;
  /** Amazon's link with the partner tag; keep its parameters unchanged (attribution). */
  detailPageUrl: string | null;
  /** Euro (the currency asked for), e.g. 79.99; null when the chosen listing has no price or there is none. */
  price: number | null;
  currency: string | null;
  availability: Availability;
  /** Amazon's own wording, e.g. "Disponibilità immediata". */
  availabilityMessage: string | null;
  merchantName: string | null;
  /** `images.primary.large`, else `medium`; null when Amazon has no image of the item. */
  image: ItemImage | null;
  /** The bullet points of the product page (`itemInfo.features`), in Amazon's order; [] when none. */
  features: string[];
}

export interface ItemNotFound {
  asin: string;
  status: 'not_found';
  /** Amazon's code: ItemNotAccessible, InvalidParameterValue, ResourceNotFoundException, ... */
  code: string;
  message: string;
}

export type ItemLookup = FoundItem | ItemNotFound;

/** The buy-box listing; `listings[0]` only when Amazon marks none (order is not a ranking). */
export function pickListing(listings: readonly WireListing[]): WireListing | undefined {
  return listings.find((listing) => listing.isBuyBoxWinner === true) ?? listings[0];
}

function toAvailability(type: string | null | undefined): Availability {
  if (!type) return 'UNKNOWN';
  const upper = type.toUpperCase();
  return (AVAILABILITY_TYPES as readonly string[]).includes(upper) ? (upper as Availability) : 'UNKNOWN';
}

/** Only https links: the site is served over https, and an http image would be mixed content. */
function toImage(image: WireImage | null | undefined): ItemImage | null {
  if (!image || !/^https:\/\//i.test(image.url)) return null;
  const size = (value: number | null | undefined) => (value !== null && value !== undefined && Number.isInteger(value) && value > 0 ? value : null);
  return { url: image.url, width: size(image.width), height: size(image.height) };
}

export function toFoundItem(item: WireItem): FoundItem {
  const listing = pickListing(item.offersV2?.listings ?? []);
  const money = listing?.price?.money ?? null;
  return {
    asin: item.asin.toUpperCase(),
    status: 'found',
    // Amazon's text is untrusted like a visitor's: its names become titles, mail lines and log fields, so
    // each is one line here, once for every caller (common/single-line.ts).
    title: toSingleLineOrNull(item.itemInfo?.title?.displayValue),
    brand: toSingleLineOrNull(item.itemInfo?.byLineInfo?.brand?.displayValue ?? item.itemInfo?.byLineInfo?.manufacturer?.displayValue),
    detailPageUrl: item.detailPageURL ?? null,
    price: money ? Math.round(money.amount * 100) / 100 : null,
    currency: money?.currency ?? null,
    availability: listing ? toAvailability(listing.availability?.type) : 'UNAVAILABLE',
    availabilityMessage: toSingleLineOrNull(listing?.availability?.message),
    merchantName: toSingleLineOrNull(listing?.merchantInfo?.name),
    image: toImage(item.images?.primary?.large) ?? toImage(item.images?.primary?.medium),
    // One line each: the specs join them with line breaks, one bullet per line.
    features: (item.itemInfo?.features?.displayValues ?? []).map(toSingleLine).filter(Boolean),
  };
}

export function notFound(asin: string, code: string, message: string): ItemNotFound {
  return { asin, status: 'not_found', code, message };
}
