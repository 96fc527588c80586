/** A build and a component as GET /api/admin/builds/{id} answers them, for the editor's unit tests. */
import type { BuildAdmin, ComponentAdmin } from '../../../../modules/builds';

const CREATED = '2026-01-01T00:00:00.000Z';

export function serverComponent(overrides: Partial<ComponentAdmin> = {}): ComponentAdmin {
  return {
    id: 1,
    build_id: 7,
    type: 'CPU',
    name: 'Ryzen 5 7600',
    brand: 'AMD',
    model: '7600',
    specs: '6 core',
    price: 199.9,
    amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM',
    asin: 'B0BMQJWBDM',
    position: 0,
    is_replaced: 0,
    replacement_reason: null,
    price_updated_at: null,
    availability: null,
    image_url: null,
    lowest_price_30d: null,
    attribute_overrides: {},
    tier: null,
    price_source: 'manual',
    availability_checked_at: null,
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

export function serverBuild(components: ComponentAdmin[], overrides: Partial<BuildAdmin> = {}): BuildAdmin {
  return {
    id: 7,
    slug: 'pc-gaming',
    title: 'PC Gaming',
    description: 'Descrizione',
    category: 'gaming',
    budget: 1000,
    status: 'draft',
    views: 0,
    created_at: CREATED,
    updated_at: CREATED,
    published_at: null,
    publish_at: null,
    content: '# Titolo',
    featured_image: null,
    meta_title: null,
    meta_description: null,
    affiliate_tag: null,
    total_price: 0,
    components,
    ...overrides,
  };
}
