/** Why "Compra Tutto su Amazon" leaves a component out, as visitors read it (build page, RSS feed). */
export const CART_EXCLUSION_REASONS = {
  missing_asin: 'senza codice Amazon',
  unavailable: 'non disponibile',
  external_link: 'link esterno, non Amazon',
  owned: 'già in tuo possesso',
} as const;
