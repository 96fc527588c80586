/** The item shapes the client returns, and how a wire item becomes one. */
import type { WireItem, WireListing } from './schemas';

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

export function toFoundItem(item: WireItem): FoundItem {
  const listing = pickListing(item.offersV2?.listings ?? []);
  const money = listing?.price?.money ?? null;
  return {
    asin: item.asin.toUpperCase(),
    status: 'found',
    title: item.itemInfo?.title?.displayValue ?? null,
    brand: item.itemInfo?.byLineInfo?.brand?.displayValue ?? item.itemInfo?.byLineInfo?.manufacturer?.displayValue ?? null,
    detailPageUrl: item.detailPageURL ?? null,
    price: money ? Math.round(money.amount * 100) / 100 : null,
    currency: money?.currency ?? null,
    availability: listing ? toAvailability(listing.availability?.type) : 'UNAVAILABLE',
    availabilityMessage: listing?.availability?.message ?? null,
    merchantName: listing?.merchantInfo?.name ?? null,
  };
}

export function notFound(asin: string, code: string, message: string): ItemNotFound {
  return { asin, status: 'not_found', code, message };
}
