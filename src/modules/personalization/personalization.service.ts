/**
 * A visitor's personalisation of a build (decision 030), one service: it reads the request (the URL's
 * one spelling is common/personalization-query.ts), checks the choices against the build, applies them
 * and the budget fit, and answers typed choices. The public read of a build and the visit counter are
 * given it (services.ts); neither knows how a choice is checked.
 */
import { parsePersonalization, type PersonalizationRequest } from '../../common/personalization-query';
import type { ComponentRow } from '../../db/tables';
import type { AlternativesService } from '../alternatives';
import { applyPersonalization, type PersonalizedParts } from './apply-personalization';
import { type OfferedAlternative, offeredAlternatives } from './offered-alternatives';
import { type AcceptedChoice, acceptChoices, type VisitorChoice, visitorChoicesIn } from './visitor-choices';

export interface PersonalizationDeps {
  /** The author's curated alternatives of the components (decision 030). */
  alternatives: Pick<AlternativesService, 'listOffersFor'>;
}

/** A component as its offers are read: its product (null: none) and its type. */
export interface OfferedPart {
  id: number;
  asin: string | null;
  type: string;
}

/** The curated alternatives of parts, by component id, as the alternatives module reads them. */
export type PartOffers = Awaited<ReturnType<AlternativesService['listOffersFor']>>;

export function createPersonalizationService({ alternatives }: PersonalizationDeps) {
  function readOffers(rows: readonly ComponentRow[]): Promise<PartOffers> {
    return alternatives.listOffersFor(rows.map((row) => ({ componentId: row.id, asin: row.asin, type: row.type })));
  }

  /** The alternatives the page offers for each part, by component id. */
  async function offeredFor(parts: readonly OfferedPart[]): Promise<Map<number, OfferedAlternative[]>> {
    const offers = await alternatives.listOffersFor(parts.map((part) => ({ componentId: part.id, asin: part.asin, type: part.type })));
    return new Map(parts.map((part) => [part.id, offeredAlternatives(offers.get(part.id) ?? [])]));
  }

  return {
    /** The visitor's request in a URL query; never throws (what cannot be read is counted as ignored). */
    requestOf: (search: URLSearchParams): PersonalizationRequest => parsePersonalization(search),

    /** The explicit swaps and owned parts of a request's raw query, typed and not yet checked against a build. */
    choicesIn: (query: string): VisitorChoice[] => visitorChoicesIn(query),

    /**
     * The build's rows as the visitor would buy them: the choices checked against the build and its
     * offered alternatives, owned parts marked, then the budget fit. Never fails because of the request.
     */
    async personalize<Row extends ComponentRow>(rows: readonly Row[], request: PersonalizationRequest, offers?: PartOffers): Promise<PersonalizedParts<Row>> {
      return applyPersonalization(rows, offers ?? (await readOffers(rows)), request);
    },

    /** The offers of many builds' parts in one read, for `personalize` (the feed reads 50 builds at once). */
    readOffers,

    /** Which of `choices` the build's `parts` accept, by choice (the page's own check; a refused one is absent). */
    acceptedChoices: <Choice extends VisitorChoice>(parts: readonly OfferedPart[], choices: readonly Choice[]): Promise<Map<Choice, AcceptedChoice>> =>
      acceptChoices(parts, choices, offeredFor),

    /** The alternative with this ASIN that the page offers for a component of this product and type, or null. */
    async offeredAlternative(part: { asin: string | null; type: string }, asin: string): Promise<{ asin: string; name: string } | null> {
      const offered = (await offeredFor([{ id: 0, asin: part.asin, type: part.type }])).get(0) ?? [];
      const offer = offered.find((candidate) => candidate.asin === asin);
      return offer ? { asin: offer.asin, name: offer.name } : null;
    },
  };
}

export type PersonalizationService = ReturnType<typeof createPersonalizationService>;
