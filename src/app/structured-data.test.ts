import { describe, expect, it } from 'vitest';
import type { BuildPublic, BuildComponentPublic } from '../modules/builds';
import { availabilityUrl, breadcrumbListJsonLd, buildPageJsonLd, homePageJsonLd, serializeJsonLd } from './structured-data';

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
    updated_at: '2026-11-21T10:00:00.000Z',
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
  it('describes the page as an Article with its dates, author and a publisher with a logo', () => {
    const [article] = buildPageJsonLd(build(), SITE);
    expect(article).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'PC Gaming da 1000 euro',
      description: 'Una build equilibrata.',
      datePublished: '2026-11-20T09:00:00.000Z',
      dateModified: '2026-11-21T10:00:00.000Z',
      author: { '@type': 'Person', name: 'Redazione Build PC', url: 'https://www.example.it/' },
      publisher: {
        '@type': 'Organization',
        name: 'Build PC',
        url: 'https://www.example.it/',
        logo: { '@type': 'ImageObject', url: 'https://www.example.it/logo.png', width: 512, height: 512 },
      },
      image: 'https://www.example.it/og-default.png',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://www.example.it/build/pc-gaming-1000' },
      inLanguage: 'it-IT',
    });
  });

  it('never says an article changed before it was published (a scheduled build edited before its date)', () => {
    const [article] = buildPageJsonLd(build({ updated_at: '2026-11-19T08:00:00.000Z' }), SITE) as any[];
    expect(article.dateModified).toBe('2026-11-20T09:00:00.000Z');
  });

  it('lists the components in order; Products with a full Offer where the retailer stated availability', () => {
    const [, list] = buildPageJsonLd(build(), SITE) as any[];
    expect(list['@type']).toBe('ItemList');
    expect(list.name).toBe('Componenti: PC Gaming da 1000 euro');
    expect(list.itemListElement.map((element: any) => [element['@type'], element.position, element.item?.name ?? element.name])).toEqual([
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
    // no ASIN: left out rather than null; no link: offered on this page
    expect(gpu).not.toHaveProperty('sku');
    expect(gpu.offers).toEqual({
      '@type': 'Offer',
      price: '449.00',
      priceCurrency: 'EUR',
      url: 'https://www.example.it/build/pc-gaming-1000',
      availability: 'https://schema.org/OutOfStock',
      validFrom: '2026-11-22T13:05:00.000Z',
    });
    expect(list.itemListElement[2]).toEqual({ '@type': 'ListItem', position: 3, name: 'Case senza prezzo' });
  });

  it('names a part without a Product when no full Offer can be stated: no price, unknown availability, owned', () => {
    const [, list] = buildPageJsonLd(
      build({ components: [component({ price: null }), component({ id: 2, availability: 'UNKNOWN' }), component({ id: 3, availability: null }), component({ id: 4, owned: true })] }),
      SITE,
    ) as any[];
    for (const element of list.itemListElement) {
      expect(element).not.toHaveProperty('item');
      expect(element.name).toBe('AMD Ryzen 5 7600');
    }
  });

  it('gives a Product the image the page shows for it', () => {
    const [, list] = buildPageJsonLd(build({ components: [component({ image_url: 'https://m.media-amazon.com/images/I/x.jpg' })] }), SITE) as any[];
    expect(list.itemListElement[0].item.image).toBe('https://m.media-amazon.com/images/I/x.jpg');
  });

  it('maps every availability the retailer reports', () => {
    expect(
      ['IN_STOCK', 'IN_STOCK_SCARCE', 'LEADTIME', 'PREORDER', 'AVAILABLE_DATE', 'OUT_OF_STOCK', 'UNAVAILABLE', 'UNKNOWN', null].map((value) => availabilityUrl(value)),
    ).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/LimitedAvailability',
      'https://schema.org/BackOrder',
      'https://schema.org/PreOrder',
      'https://schema.org/PreOrder',
      'https://schema.org/OutOfStock',
      'https://schema.org/OutOfStock',
      undefined,
      undefined,
    ]);
  });

  it('keeps an absolute image URL as it is, and adds a breadcrumb trail when given one', () => {
    const data = buildPageJsonLd(build(), { ...SITE, imageUrl: 'https://cdn.example.it/a.jpg' }, [
      { name: 'Build PC', path: '/' },
      { name: 'PC Gaming da 1000 euro', path: '/build/pc-gaming-1000' },
    ]) as any[];
    expect(data[0].image).toBe('https://cdn.example.it/a.jpg');
    expect(data[2]['@type']).toBe('BreadcrumbList');
  });
});

describe('breadcrumbListJsonLd', () => {
  it('numbers the steps from 1 with absolute URLs', () => {
    expect(breadcrumbListJsonLd([{ name: 'Build PC', path: '/' }, { name: 'Build PC gaming', path: '/?categoria=gaming' }], 'https://www.example.it/')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Build PC', item: 'https://www.example.it/' },
        { '@type': 'ListItem', position: 2, name: 'Build PC gaming', item: 'https://www.example.it/?categoria=gaming' },
      ],
    });
  });
});

describe('homePageJsonLd', () => {
  it('is a WebSite whose SearchAction targets the site search, and the Organization', () => {
    const [website, organization] = homePageJsonLd({ siteName: 'Build PC', publicBaseUrl: 'https://www.example.it' }, '/cerca') as any[];
    expect(website.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: 'https://www.example.it/cerca?q={search_term_string}' },
      'query-input': 'required name=search_term_string',
    });
    expect(website.url).toBe('https://www.example.it/');
    expect(organization['@type']).toBe('Organization');
    expect(organization.logo.url).toBe('https://www.example.it/logo.png');
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
