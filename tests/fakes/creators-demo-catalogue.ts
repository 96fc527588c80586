/**
 * The demo ASINs of src/db/seed-data.ts as fake Creators API items, at their seed prices, with Amazon's
 * default images (see startFakeCreatorsApi) and the seed's specs as the product's feature bullets.
 */
import { demoAlternativeCategories, demoBuilds, demoProductAlternatives } from '../../src/db/seed-data';
import type { FakeItem } from './creators-api';

/** "2x16 GB DDR5-6000 CL30, profilo EXPO" -> ["2x16 GB DDR5-6000 CL30", "profilo EXPO"]. */
function featuresOf(specs: string | undefined): string[] {
  return (specs ?? '').split(',').map((part) => part.trim()).filter(Boolean);
}

export function demoCatalogue(): FakeItem[] {
  const items = new Map<string, FakeItem>();
  const add = (asin: string, title: string, brand: string, price: number, specs?: string) => {
    if (!items.has(asin)) items.set(asin, { asin, title, brand, price, availability: 'IN_STOCK', features: featuresOf(specs) });
  };
  for (const build of demoBuilds) {
    for (const component of build.components) add(component.asin, component.name, component.brand, component.price, component.specs);
  }
  // Alternatives carry no brand of their own: the first word of the product name is the brand.
  const alternatives = [...demoAlternativeCategories.flatMap((category) => category.alternatives), ...demoProductAlternatives];
  for (const alternative of alternatives) add(alternative.asin, alternative.name, alternative.name.split(' ')[0] ?? '', alternative.price);
  return [...items.values()];
}
