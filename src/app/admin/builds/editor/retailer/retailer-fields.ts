/**
 * How a product found on the retailer (search or lookup, decision 019) becomes the fields of a component:
 * a new component from a search result, another product in an existing component ('Sostituisci con un
 * prodotto Amazon'), or the empty fields of a component whose link the author has just pasted. Pure, so
 * the editor's reducer and the tests share it.
 */
import type { RetailerItem } from '../../../../../modules/retailer-items/retailer-items.schema';
import { type ComponentField, type ComponentForm, DEFAULT_COMPONENT_TYPE, emptyComponent, NO_OVERRIDES } from '../form/build-form';

/** The fields that describe the product (the type is the component's place in the build). */
export const PRODUCT_FIELDS = ['name', 'brand', 'model', 'specs', 'price', 'amazon_link', 'asin', 'image_url'] as const satisfies readonly ComponentField[];
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** The server's limit on the specs (builds.schema.ts). */
const MAX_SPECS_CHARS = 5000;
/** The first bullet points say what the product is; the rest (warranty, box contents...) rarely belong in a build. */
const MAX_FEATURES = 5;

/**
 * The product page's bullet points as specs: one per line with a bullet, so they read as a list in the
 * editor's text area and still as separate points on the public page, where the lines run together.
 */
export function specsFromFeatures(features: readonly string[]): string {
  const lines: string[] = [];
  let length = 0;
  for (const feature of features) {
    const line = `• ${feature.replace(/\s+/g, ' ').trim()}`;
    if (line === '• ') continue;
    if (lines.length === MAX_FEATURES || length + line.length + 1 > MAX_SPECS_CHARS) break;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

/** The product's fields as the editor's inputs hold them (text; '' where the retailer says nothing). */
export function productFieldsOf(item: RetailerItem): Record<ProductField, string> {
  return {
    name: item.title,
    brand: item.brand ?? '',
    // Amazon gives no model number of its own; the title usually carries it.
    model: '',
    specs: specsFromFeatures(item.features),
    price: item.price === null ? '' : String(item.price),
    amazon_link: item.amazon_link,
    asin: item.asin,
    image_url: item.image_url ?? '',
  };
}

/** A search result chosen in 'Cerca su Amazon': a new component with every field the retailer gives, the type guessed by the server. */
export function componentFromRetailerItem(item: RetailerItem): ComponentForm {
  return emptyComponent({ type: item.type, ...productFieldsOf(item) });
}

/**
 * 'Sostituisci con un prodotto Amazon': the component keeps its place (key, id, type) and takes the new
 * product's fields, all of them, so nothing of the old product (its model, its specs, its image) stays.
 */
export function withRetailerProduct(component: ComponentForm, item: RetailerItem): ComponentForm {
  // The author's attributes described the old product: the new one's are derived from its own title.
  return { ...component, ...productFieldsOf(item), ...NO_OVERRIDES };
}

const isBlank = (value: string) => value.trim() === '';

/** A link field holding no URL (an ASIN pasted there, say): the product's own link takes its place, as a save needs one. */
function holdsNoUrl(link: string): boolean {
  try {
    new URL(link.trim());
    return false;
  } catch {
    return true;
  }
}

/**
 * A looked-up product fills only what the component leaves empty: what the author typed stays. The type
 * is filled only on a component that is still blank but for its link, where it is the editor's default
 * rather than a choice (a new component starts as 'CPU'), and only when the server recognised the kind.
 * Returns the component and the fields that were filled, in the card's order.
 */
export function fillEmptyFields(component: ComponentForm, item: RetailerItem): { component: ComponentForm; filled: ComponentField[] } {
  const product = productFieldsOf(item);
  const next: ComponentForm = { ...component };
  const filled: ComponentField[] = [];
  const blank = (['name', 'brand', 'model', 'specs', 'price'] as const).every((field) => isBlank(component[field]));
  if (blank && component.type === DEFAULT_COMPONENT_TYPE && item.type !== 'Other' && item.type !== component.type) {
    next.type = item.type;
    filled.push('type');
  }
  for (const field of PRODUCT_FIELDS) {
    const replaceable = isBlank(component[field]) || (field === 'amazon_link' && holdsNoUrl(component[field]));
    if (replaceable && product[field] !== '' && product[field] !== component[field]) {
      next[field] = product[field];
      filled.push(field);
    }
  }
  return { component: next, filled };
}
