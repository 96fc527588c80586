/**
 * What the budget-fit search (fit-search.ts) works on: the offers of the parts it may swap, the candidates
 * it compares and in which order, and the signatures that let it remember a combination's checks.
 */
import { ATTRIBUTE_KEYS, type ComponentAttributes } from '../../compatibility/attributes';
import type { FitOption, FitPart } from './fit-types';

/** One alternative the search may pick for a part. */
export interface Offer {
  option: FitOption;
  /** Its index in the part's `options`: the last tie-break, should two options share a rank. */
  index: number;
  /** What picking it takes off the total (negative when it costs more). */
  saving: number;
  /** Identity of what the checks see of it (type and attributes). */
  signature: number;
}

/** A part the fit may swap, in search order (position, then component id). */
export interface FreePart {
  /** Its index in the `parts` given. */
  at: number;
  componentId: number;
  /** The useful offers in the author's order (rank, then index). */
  byRank: Offer[];
  /**
   * For the cheapest search: per distinct look to the checks (the part's own included), the one choice
   * that can be cheapest, largest saving first; null keeps the part. Choices that look the same to the
   * checks are equally admissible in any build, so only the one saving most (then the best ranked) can
   * ever be the cheapest answer: a drive, a cooler or a case of the same size leaves one choice.
   */
  cheapestChoices: (Offer | null)[];
  /** The largest saving among its offers, 0 when none saves money. */
  maxSaving: number;
}

/** A swap in a candidate: the free part (index in search order, so earlier position first) and its offer. */
export interface Pick {
  part: number;
  offer: Offer;
}

/** The search for the best candidate with a given number of swaps, as it goes. */
export interface FitState {
  needed: number;
  picks: Pick[];
  best: Candidate | null;
}

/** The search for the cheapest admissible candidate, as it goes. */
export interface CheapestState {
  picks: Pick[];
  best: Candidate;
}

export interface Candidate {
  /** By part, in search order. */
  picks: Pick[];
  rankSum: number;
  totalCents: number;
}

/** Chosen while fitting the budget: fewest swaps, best priorities, then the total closest to the budget from below. */
export function compareFit(a: Candidate, b: Candidate): number {
  return a.picks.length - b.picks.length || a.rankSum - b.rankSum || b.totalCents - a.totalCents || compareByPosition(a, b);
}

/** Chosen when nothing fits: the lowest total, then as above. */
export function compareCheapest(a: Candidate, b: Candidate): number {
  return a.totalCents - b.totalCents || a.picks.length - b.picks.length || a.rankSum - b.rankSum || compareByPosition(a, b);
}

/**
 * The last, deterministic tie-breaks for candidates with as many swaps: the swapped parts' positions (earlier
 * first), then the options' ranks in that order, then their indexes.
 */
export function compareByPosition(a: Candidate, b: Candidate): number {
  for (let i = 0; i < a.picks.length && i < b.picks.length; i++) {
    const difference = a.picks[i]!.part - b.picks[i]!.part;
    if (difference !== 0) return difference;
  }
  for (let i = 0; i < a.picks.length && i < b.picks.length; i++) {
    const difference = a.picks[i]!.offer.option.rank - b.picks[i]!.offer.option.rank || a.picks[i]!.offer.index - b.picks[i]!.offer.index;
    if (difference !== 0) return difference;
  }
  return a.picks.length - b.picks.length;
}

/** A number per distinct (type, attributes) seen, so a combination of parts is keyed by a short string. */
export class Signatures {
  private readonly ids = new Map<string, number>();

  of(type: string, attributes: ComponentAttributes): number {
    const text = `${type}\u0000${ATTRIBUTE_KEYS.map((key) => attributes[key] ?? '').join('\u0000')}`;
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(text, id);
    }
    return id;
  }
}

/**
 * The parts the fit may swap and their useful offers. A part is free when it is neither fixed nor owned
 * (an owned part counts 0, so no swap of it could save anything). An offer is useful when it saves money,
 * or when it changes what the checks see: a dearer motherboard of another socket is what lets a cheaper
 * processor of that socket in. An offer that saves nothing and looks the same to the checks never helps:
 * keeping the part instead is as cheap, as compatible and one swap fewer.
 */
export function freeParts(parts: readonly FitPart[], partSignatures: readonly number[], signatures: Signatures): FreePart[] {
  const free: FreePart[] = [];
  parts.forEach((part, at) => {
    if (part.fixed || !part.counted) return;
    const offers: Offer[] = part.options
      .map((option, index) => ({
        option,
        index,
        saving: part.priceCents - option.priceCents,
        signature: signatures.of(option.type, option.attributes),
      }))
      .filter((offer) => offer.saving > 0 || offer.signature !== partSignatures[at]);
    if (offers.length === 0) return;
    const byRank = [...offers].sort((a, b) => a.option.rank - b.option.rank || a.index - b.index);
    free.push({
      at,
      componentId: part.componentId,
      byRank,
      cheapestChoices: cheapestChoices(byRank, partSignatures[at]!),
      maxSaving: Math.max(0, ...offers.map((offer) => offer.saving)),
    });
  });
  const position = (free: FreePart) => parts[free.at]!.position;
  return free.sort((a, b) => position(a) - position(b) || a.componentId - b.componentId || a.at - b.at);
}

/** See FreePart.cheapestChoices; `byRank` in the author's order, so the first of equal savings is the best ranked. */
export function cheapestChoices(byRank: readonly Offer[], ownSignature: number): (Offer | null)[] {
  const best = new Map<number, Offer | null>([[ownSignature, null]]);
  for (const offer of byRank) {
    const current = best.get(offer.signature);
    if (current === undefined || offer.saving > (current?.saving ?? 0)) best.set(offer.signature, offer);
  }
  // Keeping the part comes before an offer that saves nothing: as cheap, with a swap less.
  return [...best.values()].sort((a, b) => (b?.saving ?? 0) - (a?.saving ?? 0) || (a ? 1 : 0) - (b ? 1 : 0));
}

/** For every suffix of `savings`, the sums of its 0, 1, 2, … largest values. */
export function topSavings(savings: readonly number[]): number[][] {
  const table: number[][] = [];
  for (let from = 0; from <= savings.length; from++) {
    const largestFirst = savings.slice(from).sort((a, b) => b - a);
    const sums = [0];
    for (const saving of largestFirst) sums.push(sums[sums.length - 1]! + saving);
    // Asking for more swaps than parts left: nothing more to add.
    while (sums.length <= savings.length) sums.push(sums[sums.length - 1]!);
    table.push(sums);
  }
  return table;
}
