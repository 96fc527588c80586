/**
 * Import from an Amazon cart URL: the ASINs of the URL become editor components. With the retailer
 * configured each item is looked up (name, brand, price, image, link; 10 ASINs per request); without
 * it, or for items Amazon does not return, the component is 'Prodotto Amazon {ASIN}' with no price.
 */
import { productUrl } from '../../common/asin';
import type { AppConfig } from '../../config/env';
import type { ItemLookup } from '../../integrations/amazon-creators';
import { type Retailer, toRetailerAppError } from '../pricing';
import { parseCartUrl } from './cart-url';
import { guessComponentType } from './component-type';
import type { ImportedComponent, ImportResponse } from './importer.schema';

export function createImporterService(deps: { retailer: Retailer; config: Pick<AppConfig, 'defaultAffiliateTag'> }) {
  async function importFromCart(cartUrl: unknown): Promise<ImportResponse> {
    const cart = parseCartUrl(typeof cartUrl === 'string' ? cartUrl : '');
    const tag = cart.associateTag ?? deps.config.defaultAffiliateTag;
    let lookups = new Map<string, ItemLookup>();
    if (deps.retailer) {
      try {
        lookups = await deps.retailer.getItems(cart.asins);
      } catch (error) {
        throw toRetailerAppError(error);
      }
    }
    const components = cart.asins.map((asin): ImportedComponent => {
      const item = lookups.get(asin);
      const found = item?.status === 'found' ? item : null;
      return {
        type: guessComponentType(found?.title),
        name: found?.title ?? `Prodotto Amazon ${asin}`,
        brand: found?.brand ?? null,
        model: null,
        price: found?.price ?? null,
        amazon_link: productUrl(asin, tag),
        asin,
        specs: null,
        image_url: found?.image?.url ?? null,
      };
    });
    return { components, affiliateTag: cart.associateTag, skipped: cart.invalid, retailerUsed: deps.retailer !== null };
  }

  return { importFromCart };
}
