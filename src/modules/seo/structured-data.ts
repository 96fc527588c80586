/**
 * schema.org JSON-LD for a build page: an Article plus an ItemList of the components as Products with
 * their Offer (affiliate-compliance.md, "Structured data"). Pure and isomorphic: used by the SSR page.
 */
import type { BuildPublic, ComponentPublic } from '../builds/builds.types';

export interface JsonLdSite {
  siteName: string;
  siteAuthor: string;
  publicBaseUrl: string;
  /** Absolute canonical URL of the page. */
  pageUrl: string;
  /** Featured image or the default social image; made absolute against publicBaseUrl. */
  imageUrl: string;
}

const CONTEXT = 'https://schema.org';

/** Keeps http(s) URLs as they are; resolves a site path ('/x') against baseUrl, keeping any sub-path of baseUrl. */
export function absoluteUrl(pathOrUrl: string, baseUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith('//')) return `https:${pathOrUrl}`;
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function availabilityUrl(availability: string | null): string | undefined {
  if (availability === 'IN_STOCK') return 'https://schema.org/InStock';
  if (availability === 'OUT_OF_STOCK' || availability === 'UNAVAILABLE') return 'https://schema.org/OutOfStock';
  return undefined; // unknown or never checked: claim nothing
}

/** Drops undefined and null fields, so optional properties are omitted rather than emitted as null. */
function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== null)) as Partial<T>;
}

function productOf(component: ComponentPublic) {
  const offer =
    component.price === null
      ? undefined
      : compact({
          '@type': 'Offer',
          // schema.org recommends a plain decimal with '.' as separator
          price: (Math.round(component.price * 100) / 100).toFixed(2),
          priceCurrency: 'EUR',
          url: component.amazon_link,
          availability: availabilityUrl(component.availability),
          // the date the price was taken: a price is never shown without it
          validFrom: component.price_updated_at,
        });
  return compact({
    '@type': 'Product',
    name: component.name,
    category: component.type,
    sku: component.asin,
    productID: component.asin,
    offers: offer,
  });
}

export function buildPageJsonLd(build: Pick<BuildPublic, 'title' | 'description' | 'published_at' | 'components'>, site: JsonLdSite): object[] {
  const article = compact({
    '@context': CONTEXT,
    '@type': 'Article',
    headline: build.title,
    description: build.description,
    datePublished: build.published_at,
    author: { '@type': 'Person', name: site.siteAuthor },
    publisher: { '@type': 'Organization', name: site.siteName },
    image: absoluteUrl(site.imageUrl, site.publicBaseUrl),
    mainEntityOfPage: site.pageUrl,
    inLanguage: 'it-IT',
  });
  const itemList = {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: `Componenti: ${build.title}`,
    itemListElement: build.components.map((component, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: productOf(component),
    })),
  };
  return [article, itemList];
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
