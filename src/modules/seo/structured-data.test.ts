import { describe, expect, it } from 'vitest';
import type { BuildPublic, BuildComponentPublic } from '../builds/builds.types';
import { absoluteUrl, buildPageJsonLd, serializeJsonLd } from './structured-data';

function component(overrides: Partial<BuildComponentPublic>): BuildComponentPublic {
  return {
    id: 1,
    type: 'CPU',
    name: 'AMD Ryzen 5 7600',
    specs: null,
    price: 199.9,
    amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM?tag=buildpc-21',
    asin: 'B0BMQJWBDM',
    position: 0,
    is_replaced: 0,
    replacement_reason: null,
    price_updated_at: '2026-11-22T13:05:00.000Z',
    availability: 'IN_STOCK',
    image_url: null,
    lowest_price_30d: null,
    alternatives: [],
    swapped_from: null,
    swapped_by: null,
    owned: false,
    ...overrides,
  };
}

function build(overrides: Partial<BuildPublic> = {}): BuildPublic {
  return {
    id: 7,
    slug: 'pc-gaming-1000',
    title: 'PC Gaming da 1000 euro',
    description: 'Una build equilibrata.',
    featured_image: null,
    category: 'gaming',
    budget: 1000,
    views: 0,
    published_at: '2026-11-20T09:00:00.000Z',
    total_price: 648.9,
    component_count: 3,
    content: '',
    content_html: '',
    meta_title: 'PC Gaming da 1000 euro',
    meta_description: 'Una build equilibrata.',
    affiliate_tag: 'buildpc-21',
    cart_url: null,
    cart_excluded: [],
    prices_updated_at: '2026-11-22T13:05:00.000Z',
    compatibility: { checks: [], estimated_watts: null, verified: false },
    personalization: null,
    components: [
      component({}),
      component({ id: 2, type: 'GPU', name: 'RTX 5060 Ti', price: 449, asin: null, amazon_link: null, availability: 'OUT_OF_STOCK' }),
      component({ id: 3, type: 'Case', name: 'Case senza prezzo', price: null, price_updated_at: null, availability: null }),
    ],
    ...overrides,
  };
}

const SITE = {
  siteName: 'Build PC',
  siteAuthor: 'Redazione Build PC',
  publicBaseUrl: 'https://www.example.it',
  pageUrl: 'https://www.example.it/build/pc-gaming-1000',
  imageUrl: '/og-default.png',
};

describe('buildPageJsonLd', () => {
  it('describes the page as an Article', () => {
    const [article] = buildPageJsonLd(build(), SITE);
    expect(article).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'PC Gaming da 1000 euro',
      description: 'Una build equilibrata.',
      datePublished: '2026-11-20T09:00:00.000Z',
      author: { '@type': 'Person', name: 'Redazione Build PC' },
      publisher: { '@type': 'Organization', name: 'Build PC' },
      image: 'https://www.example.it/og-default.png',
      mainEntityOfPage: 'https://www.example.it/build/pc-gaming-1000',
      inLanguage: 'it-IT',
    });
  });

  it('lists the components in order as Products with their EUR offers', () => {
    const [, list] = buildPageJsonLd(build(), SITE) as any[];
    expect(list['@type']).toBe('ItemList');
    expect(list.name).toBe('Componenti: PC Gaming da 1000 euro');
    expect(list.itemListElement.map((element: any) => [element['@type'], element.position, element.item.name])).toEqual([
      ['ListItem', 1, 'AMD Ryzen 5 7600'],
      ['ListItem', 2, 'RTX 5060 Ti'],
      ['ListItem', 3, 'Case senza prezzo'],
    ]);
    const [cpu, gpu] = list.itemListElement.map((element: any) => element.item);
    expect(cpu).toEqual({
      '@type': 'Product',
      name: 'AMD Ryzen 5 7600',
      category: 'CPU',
      sku: 'B0BMQJWBDM',
      productID: 'B0BMQJWBDM',
      offers: {
        '@type': 'Offer',
        price: '199.90',
        priceCurrency: 'EUR',
        url: 'https://www.amazon.it/dp/B0BMQJWBDM?tag=buildpc-21',
        availability: 'https://schema.org/InStock',
        validFrom: '2026-11-22T13:05:00.000Z',
      },
    });
    // no ASIN, no link: those fields are left out rather than null
    expect(gpu).not.toHaveProperty('sku');
    expect(gpu.offers).toEqual({
      '@type': 'Offer',
      price: '449.00',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/OutOfStock',
      validFrom: '2026-11-22T13:05:00.000Z',
    });
  });

  it('gives no offer to components without a price and no availability when it is unknown', () => {
    const [, list] = buildPageJsonLd(
      build({ components: [component({ price: null }), component({ id: 2, availability: 'UNKNOWN' })] }),
      SITE,
    ) as any[];
    expect(list.itemListElement[0].item).not.toHaveProperty('offers');
    expect(list.itemListElement[1].item.offers).not.toHaveProperty('availability');
    expect(list.itemListElement[1].item.offers.price).toBe('199.90');
  });

  it('keeps an absolute image URL as it is', () => {
    const [article] = buildPageJsonLd(build(), { ...SITE, imageUrl: 'https://cdn.example.it/a.webp' }) as any[];
    expect(article.image).toBe('https://cdn.example.it/a.webp');
  });
});

describe('serializeJsonLd', () => {
  it('can never close the script element, and stays valid JSON', () => {
    const title = 'PC </script><script>alert(1)</script> & <!-- \u2028\u2029';
    const data = buildPageJsonLd(build({ title }), SITE);
    const text = serializeJsonLd(data);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(data);
    expect((JSON.parse(text) as any[])[0].headline).toBe(title);
  });

  it('escapes with \\u sequences', () => {
    expect(serializeJsonLd({ a: '<&>' })).toBe('{"a":"\\u003c\\u0026\\u003e"}');
  });
});

describe('absoluteUrl', () => {
  it('keeps http(s) URLs and resolves site paths against the base', () => {
    expect(absoluteUrl('https://a.it/x.png', 'https://www.example.it')).toBe('https://a.it/x.png');
    expect(absoluteUrl('http://a.it/x.png', 'https://www.example.it')).toBe('http://a.it/x.png');
    expect(absoluteUrl('/x.png', 'https://www.example.it')).toBe('https://www.example.it/x.png');
    expect(absoluteUrl('/x.png', 'https://www.example.it/')).toBe('https://www.example.it/x.png');
    expect(absoluteUrl('x.png', 'https://www.example.it/sito')).toBe('https://www.example.it/sito/x.png');
  });
});
