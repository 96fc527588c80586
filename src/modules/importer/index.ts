/**
 * The cart importer's face: the service, and the cart-link reading and part-type guess the retailer's
 * items (retailer-items) share with it.
 */
export { IMPORT_MESSAGES, type ParsedCart, parseCartUrl } from './cart-url';
export { guessComponentType } from './component-type';
export { createImporterService } from './importer.service';
