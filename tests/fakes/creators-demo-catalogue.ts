/** The demo ASINs of src/db/seed-data.ts as fake Creators API items, at their seed prices. */
import { demoAlternativeCategories, demoBuilds, demoProductAlternatives } from '../../src/db/seed-data';
import type { FakeItem } from './creators-api';

export function demoCatalogue(): FakeItem[] {
  const items = new Map<string, FakeItem>();
  const add = (asin: string, title: string, brand: string, price: number) => {
    if (!items.has(asin)) items.set(asin, { asin, title, brand, price, availability: 'IN_STOCK' });
  };
  for (const build of demoBuilds) {
    for (const component of build.components) add(component.asin, component.name, component.brand, component.price);
  }
  // Alternatives carry no brand of their own: the first word of the product name is the brand.
  const alternatives = [...demoAlternativeCategories.flatMap((category) => category.alternatives), ...demoProductAlternatives];
  for (const alternative of alternatives) add(alternative.asin, alternative.name, alternative.name.split(' ')[0] ?? '', alternative.price);
  return [...items.values()];
}
