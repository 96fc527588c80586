/**
 * A visitor's personalisation applied to a build's components (decision 030): the choices checked against
 * the build (anything that is not one of the author's offered alternatives for that component, or names
 * no component of it, is ignored and counted), owned parts marked, then the budget fit over what is left.
 * The result is the build's rows as the visitor would buy it; the public read turns them into the page and
 * the JSON with the same code as the author's build, so totals, cart and checks follow by construction.
 */
import { productUrl } from '../../common/asin';
import { MAX_IGNORED_COUNTED, type PersonalizationRequest, personalizationQuery } from '../../common/personalization-query';
import { resolveAttributes } from '../../compatibility/assess';
import type { ComponentAttributes } from '../../compatibility/attributes';
import { assessedComponentOf } from '../../compatibility/stored-parts';
import type { ComponentRow } from '../../db/tables';
import type { CuratedOffer } from '../alternatives';
import { type FitPart, fitBudgetAsync } from './budget-fit';
import { type OfferedAlternative, offeredAlternatives } from './offered-alternatives';
import { matchChoice } from './visitor-choices';

/** Who made a swap: the visitor's `scegli`, or the budget fit. */
export type SwapOrigin = 'visitor' | 'budget';

export interface AppliedSwap {
  offer: OfferedAlternative;
  /** The author's part it replaces. */
  from: { asin: string | null; name: string; priceCents: number | null };
  by: SwapOrigin;
}

export interface PersonalizedParts<Row extends ComponentRow> {
  /** The build's rows as the visitor buys it, in the order given; a swapped row carries the alternative. */
  rows: Row[];
  /** By component id. */
  swaps: Map<number, AppliedSwap>;
  owned: Set<number>;
  /** The budget asked, and whether the fit reached it. */
  budget: { cents: number; met: boolean } | null;
  /** How many parameters were left out: the request's syntax ones and those the build refused (at most MAX_IGNORED_COUNTED). */
  ignoredCount: number;
  /** The one spelling of what was applied (the variant's URL query; '' for the author's build). */
  query: string;
  /** Offered alternatives by component id, in the author's order (for every component, swapped or not). */
  offered: Map<number, OfferedAlternative[]>;
}

/** A component row showing an alternative instead of the author's product. */
function swappedRow<Row extends ComponentRow>(row: Row, offer: OfferedAlternative): Row {
  return {
    ...row,
    name: offer.name,
    asin: offer.asin,
    amazon_link: productUrl(offer.asin),
    price_cents: offer.priceCents,
    price_updated_at: offer.priceUpdatedAt,
    availability: offer.availability,
    image_url: offer.imageUrl,
    image_checked_at: offer.imageCheckedAt,
    // What the author wrote about the part describes the author's product, not this one.
    specs: null,
    brand: null,
    model: null,
    attribute_overrides: null,
    is_replaced: 0,
    replacement_reason: null,
  };
}

/** Resolved attributes by the text they are derived from: the same parts and alternatives come back on every variant. */
const ATTRIBUTE_CACHE_SIZE = 2_000;
const attributeCache = new Map<string, ComponentAttributes>();

/** The attributes the checks see of a row (derived from its text, the author's overrides on top), remembered. */
function attributesOf(row: ComponentRow): ComponentAttributes {
  const key = [row.type, row.name, row.brand, row.model, row.specs, row.attribute_overrides].join('\u0000');
  let attributes = attributeCache.get(key);
  if (attributes === undefined) {
    attributes = resolveAttributes(assessedComponentOf(row));
    if (attributeCache.size >= ATTRIBUTE_CACHE_SIZE) attributeCache.delete(attributeCache.keys().next().value!);
    attributeCache.set(key, attributes);
  }
  return attributes;
}

export async function applyPersonalization<Row extends ComponentRow>(
  rows: readonly Row[],
  offers: ReadonlyMap<number, readonly CuratedOffer[]>,
  request: PersonalizationRequest,
): Promise<PersonalizedParts<Row>> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const offered = new Map(rows.map((row) => [row.id, offeredAlternatives(offers.get(row.id) ?? [])]));
  let ignoredCount = request.ignoredCount;
  const ignore = () => {
    ignoredCount = Math.min(ignoredCount + 1, MAX_IGNORED_COUNTED);
  };

  const owned = new Set<number>();
  for (const id of request.owned) {
    if (byId.has(id)) owned.add(id);
    else ignore();
  }

  const swaps = new Map<number, AppliedSwap>();
  const pinned = new Set<number>();
  const chosen: PersonalizationRequest['choices'] = [];
  for (const choice of request.choices) {
    const match = matchChoice(byId, offered, choice);
    if (match === null) {
      ignore();
      continue;
    }
    const { row } = match;
    // The author's own part, chosen: kept as it is, and out of the budget fit's reach.
    if (match.kind === 'kept') pinned.add(row.id);
    else swaps.set(row.id, { offer: match.offer, from: { asin: row.asin, name: row.name, priceCents: row.price_cents }, by: 'visitor' });
    chosen.push(choice);
  }

  let current = rows.map((row) => {
    const swap = swaps.get(row.id);
    return swap ? swappedRow(row, swap.offer) : row;
  });

  let budget: PersonalizedParts<Row>['budget'] = null;
  if (request.budgetCents !== null) {
    const parts: FitPart[] = current.map((row, position) => {
      const fixed = owned.has(row.id) || swaps.has(row.id) || pinned.has(row.id);
      return {
        componentId: row.id,
        position,
        type: row.type,
        attributes: attributesOf(row),
        priceCents: row.price_cents ?? 0,
        counted: !owned.has(row.id),
        fixed,
        options: fixed
          ? []
          : offered.get(row.id)!.map((offer, rank) => ({ key: offer.asin, priceCents: offer.priceCents, rank, type: row.type, attributes: attributesOf(swappedRow(row, offer)) })),
      };
    });
    const fit = await fitBudgetAsync(parts, request.budgetCents);
    budget = { cents: request.budgetCents, met: fit.met };
    if (fit.swaps.size > 0) {
      current = current.map((row) => {
        const option = fit.swaps.get(row.id);
        const offer = option && offered.get(row.id)!.find((candidate) => candidate.asin === option.key);
        if (!offer) return row;
        swaps.set(row.id, { offer, from: { asin: row.asin, name: row.name, priceCents: row.price_cents }, by: 'budget' });
        return swappedRow(row, offer);
      });
    }
  }

  const query = personalizationQuery({ choices: chosen, owned: [...owned], budgetCents: request.budgetCents });
  return { rows: current, swaps, owned, budget, ignoredCount, query, offered };
}
