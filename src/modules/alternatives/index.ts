/** The alternatives module's face: what other code may use of it (the rest of the folder is its own). */
export {
  type AlternativeObservation,
  type AlternativesDeps,
  type AlternativesService,
  applyRetailerObservationToAlternatives,
  createAlternativesService,
  fillRestoredAlternativePriceSources,
} from './alternatives.service';
export type { Alternative, AlternativeCategory, AlternativeCategoryDetail, CuratedOffer, OfferPart } from './alternatives.types';
