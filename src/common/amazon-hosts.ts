/**
 * Which links are Amazon's: the one rule behind the ASIN read from a link, the affiliate tag, the
 * `rel="sponsored"` mark and the "Compra Tutto" cart. An explicit list, not a pattern: a pattern such as
 * `amazon.<anything>` let look-alike hosts (`amazon.ab.cd`, `x.amazon.co.xyz`) collect our tag and pass as
 * products. Anything not listed is an ordinary external link. Isomorphic: no Node APIs.
 */

/** Amazon's retail storefronts, each reachable at the bare domain or under one of STOREFRONT_SUBDOMAINS. */
export const AMAZON_STOREFRONT_DOMAINS = [
  'amazon.it',
  'amazon.com',
  'amazon.ca',
  'amazon.com.mx',
  'amazon.com.br',
  'amazon.co.uk',
  'amazon.ie',
  'amazon.de',
  'amazon.fr',
  'amazon.es',
  'amazon.nl',
  'amazon.com.be',
  'amazon.se',
  'amazon.pl',
  'amazon.com.tr',
  'amazon.ae',
  'amazon.sa',
  'amazon.eg',
  'amazon.in',
  'amazon.co.jp',
  'amazon.cn',
  'amazon.sg',
  'amazon.com.au',
  'amazon.co.za',
] as const;

/** `www.` is the usual form; `m.` the old mobile site; `smile.` the closed AmazonSmile, whose links still redirect. */
const STOREFRONT_SUBDOMAINS = ['', 'www.', 'm.', 'smile.'] as const;

/**
 * Amazon's own link shorteners (SiteStripe and the app's share button: amzn.to, amzn.eu, amzn.asia for
 * amazon.co.jp, a.co, amzn.com). They redirect to a storefront; the link itself names no product.
 */
export const AMAZON_SHORT_LINK_HOSTS = ['amzn.to', 'amzn.eu', 'amzn.asia', 'amzn.com', 'a.co'] as const;

const STOREFRONT_HOSTS: ReadonlySet<string> = new Set(
  AMAZON_STOREFRONT_DOMAINS.flatMap((domain) => STOREFRONT_SUBDOMAINS.map((prefix) => `${prefix}${domain}`)),
);
const SHORT_LINK_HOSTS: ReadonlySet<string> = new Set(AMAZON_SHORT_LINK_HOSTS);

/**
 * True for a storefront host (`amazon.it`, `www.amazon.co.uk`, `smile.amazon.de`…) or a short-link host,
 * compared exactly after lower-casing. A trailing dot (`amazon.it.`) or an internationalised look-alike
 * (`аmazon.it` with a Cyrillic a, `xn--…` once parsed) is not on the list.
 */
export function isAmazonHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return STOREFRONT_HOSTS.has(host) || SHORT_LINK_HOSTS.has(host);
}

export function isAmazonShortLinkHost(hostname: string): boolean {
  return SHORT_LINK_HOSTS.has(hostname.toLowerCase());
}

/**
 * The link parsed, when it is an Amazon link: http(s), a listed host, no user name or password (a link
 * like `https://amazon.it@evil.com/` goes to evil.com, and Amazon never writes one the other way round)
 * and no port other than the scheme's own. Else null: an ordinary link, or no URL at all.
 */
export function parseAmazonLink(link: string | null | undefined): URL | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  return isAmazonHost(url.hostname) ? url : null;
}

export function isAmazonLink(link: string | null | undefined): boolean {
  return parseAmazonLink(link) !== null;
}

/** `rel` of an outbound link: Amazon links are affiliate links (affiliate-compliance.md), others plain external ones. */
export const AFFILIATE_LINK_REL = 'sponsored nofollow noopener';
export const EXTERNAL_LINK_REL = 'noopener noreferrer';

export function outboundLinkRel(link: string): string {
  return isAmazonLink(link) ? AFFILIATE_LINK_REL : EXTERNAL_LINK_REL;
}

/** A web address (http or https) that is not Amazon's: what the editor marks as an ordinary external link. */
export function isExternalWebLink(link: string | null | undefined): boolean {
  if (!link) return false;
  try {
    const { protocol } = new URL(link.trim());
    return (protocol === 'https:' || protocol === 'http:') && !isAmazonLink(link);
  } catch {
    return false;
  }
}
