/** Amazon product identifiers (ASIN) and affiliate link helpers. Isomorphic: no Node APIs. */
import { parseAmazonLink } from './amazon-hosts';

const ASIN_PATTERN = /^[A-Z0-9]{10}$/;

export function normalizeAsin(value: string): string {
  return value.trim().toUpperCase();
}

export function isValidAsin(value: unknown): boolean {
  return typeof value === 'string' && ASIN_PATTERN.test(value);
}

const ASIN_IN_PATH = /\/(?:dp\/product|dp|gp\/product|gp\/aw\/d)\/([A-Za-z0-9]{10})(?=[/?#]|$)/;

/**
 * Extracts the ASIN from an Amazon product link (amazon-hosts.ts): /dp/{ASIN}, /dp/product/{ASIN},
 * /gp/product/{ASIN}, /gp/aw/d/{ASIN} or an `asin=` query parameter. Returns null when the link carries
 * none or is not an Amazon link: a product path on another host names nothing Amazon sells.
 */
export function extractAsin(link: string | null | undefined): string | null {
  const url = parseAmazonLink(link);
  if (!url) return null;
  const fromPath = ASIN_IN_PATH.exec(url.pathname);
  if (fromPath?.[1]) return normalizeAsin(fromPath[1]);
  for (const [key, value] of url.searchParams) {
    if (key.toLowerCase() === 'asin') {
      const asin = normalizeAsin(value);
      if (isValidAsin(asin)) return asin;
    }
  }
  return null;
}

/** Adds (or replaces) the `tag` parameter on Amazon links (amazon-hosts.ts); other links are returned unchanged. */
export function withAffiliateTag(link: string | null, tag: string): string | null {
  if (!link) return link;
  const url = parseAmazonLink(link);
  if (!url) return link;
  url.searchParams.set('tag', tag);
  return url.toString();
}

/** A product's page on Amazon.it, with the affiliate `tag` when given (the demo content stores it without one). */
export function productUrl(asin: string, tag?: string): string {
  const page = `https://www.amazon.it/dp/${encodeURIComponent(asin)}`;
  return tag === undefined ? page : `${page}?tag=${encodeURIComponent(tag)}`;
}

const CART_BASE_URL = 'https://www.amazon.it/gp/aws/cart/add.html';

/** Cart-add link (affiliate-compliance.md): one line per ASIN, quantity 1 each. */
export function buildCartUrl(asins: readonly string[], tag: string): string | null {
  if (asins.length === 0) return null;
  const params = new URLSearchParams({ AssociateTag: tag });
  asins.forEach((asin, i) => {
    params.set(`ASIN.${i + 1}`, asin);
    params.set(`Quantity.${i + 1}`, '1');
  });
  return `${CART_BASE_URL}?${params.toString()}`;
}

export const AFFILIATE_TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
