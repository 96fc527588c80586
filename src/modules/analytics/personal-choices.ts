/**
 * Which swaps and owned parts a visitor chose (decision 030), read from the query of a build page's
 * answer, and which of them count: only the explicit `scegli` and `possiedo` (a budget fit is the server's
 * choice, not the visitor's), and only those that name a component of the build and, for a swap, one of
 * the alternatives the page offers for it (curated, priced, not unavailable: the same definition the page
 * applies). Counts only: a choice is kept as the build's component and product, never with the visitor.
 */
import { parsePersonalization } from '../../common/personalization-query';
import type { ChoiceCountRow, ChoosableComponent } from './choices.repository';
import { productOf } from './analytics.repository';

/** A choice as the visit counter notes it (and hashes it per visitor): `scegli:{id}:{ASIN}` or `possiedo:{id}`. */
export type ChoiceNote = string;

/** The alternatives a page offers for a component of this ASIN (null: none) and type, as the visitor may pick them. */
export type CandidatesOf = (asin: string | null, type: string) => Promise<{ asin: string; name: string }[]>;

/** The choices of a request's query (with or without its '?'); none when it does not personalise by choice. */
export function choiceNotesOf(query: string): ChoiceNote[] {
  if (!query.includes('scegli') && !query.includes('possiedo')) return []; // the common case: no parsing at all
  const request = parsePersonalization(new URLSearchParams(query));
  return [...request.choices.map((choice) => `scegli:${choice.componentId}:${choice.asin}`), ...request.owned.map((id) => `possiedo:${id}`)];
}

const SWAP = /^scegli:(\d+):([A-Z0-9]{10})$/;
const OWNED = /^possiedo:(\d+)$/;

/** A counted choice: what it adds 1 to. */
export type CountedChoice = Omit<ChoiceCountRow, 'count'>;

/**
 * The notes that name a part of the build's `components` (and, for a swap, a curated alternative of it),
 * each with the row it counts under. Asks for the alternatives of each swapped component once.
 */
export async function validChoices(notes: Iterable<ChoiceNote>, components: readonly ChoosableComponent[], candidatesOf: CandidatesOf): Promise<Map<ChoiceNote, CountedChoice>> {
  const byId = new Map(components.map((component) => [component.id, component]));
  const alternatives = new Map<number, Promise<Map<string, string>>>();
  const alternativesOf = (component: ChoosableComponent) => {
    let found = alternatives.get(component.id);
    if (!found) {
      found = candidatesOf(component.asin, component.type).then((list) => new Map(list.map((offer) => [offer.asin, offer.name])));
      alternatives.set(component.id, found);
    }
    return found;
  };
  const valid = new Map<ChoiceNote, CountedChoice>();
  for (const note of new Set(notes)) {
    const swap = SWAP.exec(note);
    const owned = OWNED.exec(note);
    const component = byId.get(Number((swap ?? owned)?.[1]));
    if (!component) continue;
    if (swap) {
      const name = (await alternativesOf(component)).get(swap[2]!);
      if (name !== undefined) valid.set(note, { kind: 'swap', componentId: component.id, product: swap[2]!, name });
    } else {
      valid.set(note, { kind: 'owned', componentId: component.id, product: productOf(component) ?? '', name: component.name });
    }
  }
  return valid;
}
