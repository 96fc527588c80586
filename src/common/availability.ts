/**
 * What a stored availability (of a component or an alternative, as the retailer last reported it) means for
 * visitors: OUT_OF_STOCK and UNAVAILABLE cannot be bought now; IN_STOCK, UNKNOWN and never checked (null) can
 * be offered. One rule for the cart, the page, the personalisation's offers and the stock alerts.
 */
const UNAVAILABLE = new Set(['OUT_OF_STOCK', 'UNAVAILABLE']);

export function isKnownUnavailable(availability: string | null | undefined): boolean {
  return availability != null && UNAVAILABLE.has(availability);
}
