/**
 * Which alternative replaces an unavailable component: pure, no I/O (the lookups are already made).
 *
 * Band: a candidate may cost at most original + min(original x replacementMaxIncreasePercent %,
 * replacementMaxIncreaseEuro); cheaper is always fine. A candidate without a price is never taken (its
 * cost is unknown). When the original has no price there is nothing to compare with: the first
 * available candidate that has a price is taken.
 *
 * Compatibility: among the candidates in the band, one that loses no passing compatibility check is
 * taken before one that makes a passing check uncertain; within each, the one with the most checks
 * passing, then the first in priority order (chooseSwap). One that turns a check into an error (wrong
 * socket, memory, size, a supply too small) never.
 */
import { normalizeAsin } from '../../common/asin';
import { type AssessedComponent, assessBuild, chooseSwap, type SwapOption } from '../../compatibility/assess';
import { formatPrice } from '../../common/format';
import { centsToEuro, euroToCents } from '../../common/money';
import type { PricingConfig } from '../../config/env';
import type { ComponentRow } from '../../db/tables';
import type { FoundItem, ItemLookup } from '../../integrations/amazon-creators';
import type { Alternative } from '../alternatives';
import { classifyLookup } from '../pricing';

export const NO_ALTERNATIVES = 'Prodotto non disponibile su Amazon e nessuna alternativa configurata';

export type PriceBand = Pick<PricingConfig, 'replacementMaxIncreasePercent' | 'replacementMaxIncreaseEuro'>;

/** What a substitute is chosen against: the component it replaces, the band reference and the candidates. */
export interface CandidateChoice {
  component: Pick<ComponentRow, 'id' | 'type'>;
  /** Band reference: the original's price (for a substitute, the price the original had when swapped out). */
  referenceCents: number | null;
  /** In priority order. */
  candidates: Alternative[];
}

export interface Chosen {
  alternative: Alternative;
  item: FoundItem;
  priceCents: number;
}

/** The build's components as the compatibility checks read them, by component id. */
export type BuildParts = Map<number, AssessedComponent>;

/** Highest acceptable substitute price in cents; null when the original has no price (no limit to apply). */
export function maxReplacementCents(originalCents: number | null, band: PriceBand): number | null {
  if (originalCents === null) return null;
  const byPercent = Math.round((originalCents * band.replacementMaxIncreasePercent) / 100);
  const byEuro = Math.round(band.replacementMaxIncreaseEuro * 100);
  return originalCents + Math.min(byPercent, byEuro);
}

/** The price Amazon gave in cents; null when it gave none or did not find the item. */
export function priceCentsOf(lookup: ItemLookup | undefined): number | null {
  return lookup?.status === 'found' && lookup.price !== null ? euroToCents(lookup.price) : null;
}

/** What the checks know of a substitute: its name and Amazon's title and bullet points (no author overrides yet). */
export function substituteFacts(entry: CandidateChoice, chosen: Chosen): AssessedComponent {
  return {
    type: entry.component.type,
    name: chosen.alternative.alternative_name?.trim() || chosen.item.title || normalizeAsin(chosen.alternative.alternative_asin),
    brand: chosen.item.brand,
    model: null,
    specs: [chosen.item.title, ...chosen.item.features].filter(Boolean).join('\n'),
  };
}

function withSubstitute(build: BuildParts, componentId: number, part: AssessedComponent): AssessedComponent[] {
  return [...build].map(([id, current]) => (id === componentId ? part : current));
}

/**
 * The candidate, available with a price inside the band, that does best for the build's compatibility
 * (see the header); else the Italian text saying why none is. `build` is the build as it now stands;
 * `lookups` are Amazon's answers about the candidates, by normalized ASIN.
 */
export function chooseCandidate(entry: CandidateChoice, lookups: Map<string, ItemLookup>, build: BuildParts, band: PriceBand): Chosen | string {
  if (entry.candidates.length === 0) return NO_ALTERNATIVES;
  const limit = maxReplacementCents(entry.referenceCents, band);
  const before = assessBuild([...build.values()]);
  let overBand = false;
  let withoutPrice = false;
  const options: SwapOption<Chosen>[] = [];
  for (const alternative of entry.candidates) {
    const lookup = lookups.get(normalizeAsin(alternative.alternative_asin));
    if (!lookup || lookup.status !== 'found' || classifyLookup(lookup) !== 'available') continue;
    const priceCents = priceCentsOf(lookup);
    if (priceCents === null) {
      withoutPrice = true;
      continue;
    }
    if (limit !== null && priceCents > limit) {
      overBand = true;
      continue;
    }
    const chosen = { alternative, item: lookup, priceCents };
    options.push({ option: chosen, after: assessBuild(withSubstitute(build, entry.component.id, substituteFacts(entry, chosen))) });
  }
  // The best for the build's checks (chooseSwap), never one that turns a check into an error.
  const choice = chooseSwap(before, options);
  if (choice.option) return choice.option;
  if (choice.breaking) {
    return `Prodotto non disponibile su Amazon: le alternative disponibili nella fascia di prezzo non sono compatibili con la build (${choice.breaking.message})`;
  }
  if (overBand) {
    return `Prodotto non disponibile su Amazon: le alternative disponibili superano la fascia di prezzo consentita (massimo ${formatPrice(centsToEuro(limit))})`;
  }
  if (withoutPrice) return 'Prodotto non disponibile su Amazon: le alternative disponibili non hanno un prezzo su Amazon';
  return 'Prodotto non disponibile su Amazon e nessuna alternativa disponibile';
}
