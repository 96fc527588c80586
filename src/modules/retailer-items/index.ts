/** The retailer's items module's face: what other code may use of it (the rest of the folder is its own). */
export { createRetailerItemsService, type RetailerItemsService } from './retailer-items.service';
