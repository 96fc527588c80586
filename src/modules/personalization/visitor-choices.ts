/**
 * A visitor's explicit choices (decision 030), typed: the `scegli` and `possiedo` of a request (a budget
 * fit is the server's choice, not the visitor's), and what each comes to against the build. One check for
 * the page (apply-personalization.ts) and for the choices the analytics count: a swap must be one of the
 * alternatives the page offers for that component (curated, priced, not unavailable), an owned part a
 * component of the build.
 */
import { type ComponentChoice, PERSONALIZATION_PARAMS, parsePersonalization, type PersonalizationRequest } from '../../common/personalization-query';
import type { OfferedAlternative } from './offered-alternatives';

/** One explicit choice of a visitor, as the request spells it (not yet checked against the build). */
export type VisitorChoice = { kind: 'swap'; componentId: number; asin: string } | { kind: 'owned'; componentId: number };

/** A choice the build accepts: a swap names the offered alternative (its ASIN and name), an owned part its component. */
export type AcceptedChoice = { kind: 'swap'; componentId: number; asin: string; name: string } | { kind: 'owned'; componentId: number };

/** A component as the check of a choice needs it. */
export interface ChoosablePart {
  id: number;
  asin: string | null;
}

/** The explicit choices of a parsed request: its swaps, then its owned parts, each by component id. */
export function choicesOfRequest(request: Pick<PersonalizationRequest, 'choices' | 'owned'>): VisitorChoice[] {
  return [
    ...request.choices.map((choice): VisitorChoice => ({ kind: 'swap', componentId: choice.componentId, asin: choice.asin })),
    ...request.owned.map((componentId): VisitorChoice => ({ kind: 'owned', componentId })),
  ];
}

/** The explicit choices of a request's query (with or without its '?'); none when it does not personalise by choice. */
export function visitorChoicesIn(query: string): VisitorChoice[] {
  // The common case, a page without choices, parses nothing.
  if (!query.includes(PERSONALIZATION_PARAMS.choose) && !query.includes(PERSONALIZATION_PARAMS.own)) return [];
  return choicesOfRequest(parsePersonalization(new URLSearchParams(query)));
}

/** What a `scegli` comes to against the build: the author's own part kept, one of its offered alternatives, or nothing (null). */
export type ChoiceMatch<Row extends ChoosablePart> = { kind: 'kept'; row: Row } | { kind: 'swap'; row: Row; offer: OfferedAlternative } | null;

export function matchChoice<Row extends ChoosablePart>(
  rows: ReadonlyMap<number, Row>,
  offered: ReadonlyMap<number, readonly OfferedAlternative[]>,
  choice: ComponentChoice,
): ChoiceMatch<Row> {
  const row = rows.get(choice.componentId);
  if (!row) return null;
  if (row.asin === choice.asin) return { kind: 'kept', row };
  const offer = offered.get(row.id)?.find((candidate) => candidate.asin === choice.asin);
  return offer ? { kind: 'swap', row, offer } : null;
}

/**
 * The choices the build's `parts` accept, by choice: a swap to an alternative the page offers for that
 * component, an owned component of the build. Choosing the author's own part changes nothing and is not
 * a choice to count. `offeredOf` gives the offered alternatives of the parts asked for (read once).
 */
export async function acceptChoices<Part extends ChoosablePart, Choice extends VisitorChoice>(
  parts: readonly Part[],
  choices: readonly Choice[],
  offeredOf: (parts: readonly Part[]) => Promise<ReadonlyMap<number, readonly OfferedAlternative[]>>,
): Promise<Map<Choice, AcceptedChoice>> {
  const byId = new Map(parts.map((part) => [part.id, part]));
  const swapped = new Set(choices.flatMap((choice) => (choice.kind === 'swap' && byId.has(choice.componentId) ? [choice.componentId] : [])));
  const offered = swapped.size > 0 ? await offeredOf([...swapped].map((id) => byId.get(id)!)) : new Map<number, OfferedAlternative[]>();
  const accepted = new Map<Choice, AcceptedChoice>();
  for (const choice of choices) {
    if (choice.kind === 'owned') {
      if (byId.has(choice.componentId)) accepted.set(choice, { kind: 'owned', componentId: choice.componentId });
      continue;
    }
    const match = matchChoice(byId, offered, choice);
    if (match?.kind === 'swap') accepted.set(choice, { kind: 'swap', componentId: match.row.id, asin: match.offer.asin, name: match.offer.name });
  }
  return accepted;
}
