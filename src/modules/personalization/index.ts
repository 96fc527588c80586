/**
 * The personalisation module's face (decision 030): what other code may use of it. The service is wired
 * in services.ts; the rest are its types, the pure mapping of an offered alternative for the answer, and
 * the budget fit on its own (bench/budget-fit.ts measures it).
 */
export { createPersonalizationService, type OfferedPart, type PartOffers, type PersonalizationDeps, type PersonalizationService } from './personalization.service';
export type { AppliedSwap, PersonalizedParts, SwapOrigin } from './apply-personalization';
export { type OfferedAlternative, type PublicAlternative, toPublicAlternative } from './offered-alternatives';
export type { AcceptedChoice, VisitorChoice } from './visitor-choices';
export { fitBudget, fitBudgetAsync } from './budget-fit';
export type { FitPart } from './fit-types';
