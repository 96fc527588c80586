/**
 * schema.org JSON-LD: a build page's Article plus an ItemList of the components as Products with their
 * Offer (affiliate-compliance.md, "Structured data"), breadcrumb trails for any page, and the home page's
 * WebSite and Organization. Pure and isomorphic: used by the SSR pages.
 */
import { absoluteUrl } from '../common/absolute-url';
import { SITE_LOGO } from '../common/site-images';
import type { BuildComponentPublic, BuildPublic } from '../modules/builds';

export interface JsonLdSite {
  siteName: string;
  siteAuthor: string;
  publicBaseUrl: string;
  /** Absolute canonical URL of the page. */
  pageUrl: string;
  /** The cover's preview rendition or the default social image; made absolute against publicBaseUrl. */
  imageUrl: string;
}

/** One step of a breadcrumb trail: its name and its site path (or absolute URL). */
export interface Crumb {
  name: string;
  path: string;
}

const CONTEXT = 'https://schema.org';

/**
 * schema.org's word for what the retailer last said (pricing/retailer.ts, amazon-creators/items.ts);
 * undefined when it said nothing we can state (UNKNOWN) or was never asked (null).
 */
const AVAILABILITY: Record<string, string> = {
  IN_STOCK: 'InStock',
  IN_STOCK_SCARCE: 'LimitedAvailability',
  LEADTIME: 'BackOrder',
  PREORDER: 'PreOrder',
  AVAILABLE_DATE: 'PreOrder',
  OUT_OF_STOCK: 'OutOfStock',
  UNAVAILABLE: 'OutOfStock',
};

export function availabilityUrl(availability: string | null): string | undefined {
  const name = availability === null ? undefined : AVAILABILITY[availability];
  return name && `${CONTEXT}/${name}`;
}

/** Drops undefined and null fields, so optional properties are omitted rather than emitted as null. */
function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== null)) as Partial<T>;
}

/** The site as a publisher: its name, home and logo (an image the site serves, with its size). */
function organization(site: Pick<JsonLdSite, 'siteName' | 'publicBaseUrl'>) {
  return {
    '@type': 'Organization',
    name: site.siteName,
    url: absoluteUrl('/', site.publicBaseUrl),
    logo: { '@type': 'ImageObject', url: absoluteUrl(SITE_LOGO.path, site.publicBaseUrl), width: SITE_LOGO.width, height: SITE_LOGO.height },
  };
}

type ListedComponent = Pick<BuildComponentPublic, 'name' | 'type' | 'asin' | 'price' | 'amazon_link' | 'availability' | 'price_updated_at' | 'image_url'> & { owned?: boolean };

/**
 * A component as a Product with its Offer, only when the page can state every part of an offer: a price,
 * and an availability the retailer reported. Without one of them (a manual price never checked, a part the
 * visitor owns) a Product would have no valid Offer, which validators flag: the list names the part only.
 */
function listedItem(component: ListedComponent, pageUrl: string) {
  const availability = availabilityUrl(component.availability);
  if (component.price === null || availability === undefined || component.owned) return { name: component.name };
  return {
    item: compact({
      '@type': 'Product',
      name: component.name,
      category: component.type,
      sku: component.asin,
      productID: component.asin,
      // The retailer's picture, when the page shows it (public-read.ts keeps it 24 hours at most).
      image: component.image_url,
      offers: compact({
        '@type': 'Offer',
        // schema.org recommends a plain decimal with '.' as separator
        price: (Math.round(component.price * 100) / 100).toFixed(2),
        priceCurrency: 'EUR',
        availability,
        // Where it is sold; a part with no link is offered on this page only.
        url: component.amazon_link ?? pageUrl,
        // The date the price was taken: a price is never shown without it. No priceValidUntil: nobody
        // promises a retailer's price for any time ahead.
        validFrom: component.price_updated_at,
      }),
    }),
  };
}

/** The later of two ISO dates: an article is never modified before it was published. */
function notBefore(date: string | null, floor: string | null): string | null {
  if (date === null || floor === null) return date ?? floor;
  return Date.parse(date) < Date.parse(floor) ? floor : date;
}

export function buildPageJsonLd(
  build: Pick<BuildPublic, 'title' | 'description' | 'published_at' | 'updated_at' | 'components'>,
  site: JsonLdSite,
  breadcrumbs: readonly Crumb[] = [],
): object[] {
  const article = compact({
    '@context': CONTEXT,
    '@type': 'Article',
    headline: build.title,
    description: build.description,
    datePublished: build.published_at,
    // The build's last change, as the sitemap's lastmod says (seo.repository.ts).
    dateModified: notBefore(build.updated_at, build.published_at),
    author: { '@type': 'Person', name: site.siteAuthor, url: absoluteUrl('/', site.publicBaseUrl) },
    publisher: organization(site),
    image: absoluteUrl(site.imageUrl, site.publicBaseUrl),
    mainEntityOfPage: { '@type': 'WebPage', '@id': site.pageUrl },
    inLanguage: 'it-IT',
  });
  const itemList = {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: `Componenti: ${build.title}`,
    itemListElement: build.components.map((component, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      ...listedItem(component, site.pageUrl),
    })),
  };
  return breadcrumbs.length > 0 ? [article, itemList, breadcrumbListJsonLd(breadcrumbs, site.publicBaseUrl)] : [article, itemList];
}

/** A BreadcrumbList: every step with its position, name and absolute URL (any page can name its trail). */
export function breadcrumbListJsonLd(crumbs: readonly Crumb[], publicBaseUrl: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, publicBaseUrl),
    })),
  };
}

/**
 * The home page's WebSite, with the site search as its SearchAction (the search box a search engine may
 * show under the result), and the Organization behind it.
 */
export function homePageJsonLd(site: Pick<JsonLdSite, 'siteName' | 'publicBaseUrl'>, searchPath: string): object[] {
  const home = absoluteUrl('/', site.publicBaseUrl);
  const website = {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: site.siteName,
    url: home,
    inLanguage: 'it-IT',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(searchPath, site.publicBaseUrl)}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  return [website, { '@context': CONTEXT, ...organization(site) }];
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON for an inline <script type="application/ld+json">. Escaping <, > and & as \uXXXX keeps the
 * text from ever closing the script element (or opening a comment), whatever the author typed;
 * U+2028/U+2029 are escaped for old JavaScript parsers. The result is still valid JSON.
 */
export function serializeJsonLd(data: unknown): string {
  const json = JSON.stringify(data) ?? 'null';
  return json.replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
