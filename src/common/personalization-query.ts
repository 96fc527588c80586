/**
 * A visitor's personalisation of a build, as it travels in the URL of `/build/{slug}` and
 * `/api/builds/{slug}` (decision 030):
 *
 * - `scegli={componentId}:{ASIN}`: that component replaced by one of the author's alternatives;
 * - `possiedo={componentId}`: the visitor already owns it (out of the total and of the cart);
 * - `budget={euro}`: fit the build to this total, in whole euros (cents are rounded away on reading).
 *
 * This module reads the text only: each parameter on its own, anything malformed, duplicated in a
 * contradictory way or past the limits is counted in `ignoredCount` and never fails the request. What was
 * ignored is only ever counted, never kept: the page says how many parameters it left out, not what they
 * said (a link must not put its own words on our page). Whether a component id or an ASIN names something
 * of the build is decided later, with the build in hand. One spelling of a request (`personalizationQuery`)
 * serves the links, the canonical form and the page cache's key.
 */
import { parseEuroCents } from './euro-amount';
import { MAX_BUILD_COMPONENTS, MAX_ROW_ID } from './bounds';

export const PERSONALIZATION_PARAMS = { choose: 'scegli', own: 'possiedo', budget: 'budget' } as const;

/** The budget a visitor may ask for, in euro: below 1 € or above this no build is meant. */
export const MIN_PERSONAL_BUDGET_EURO = 1;
export const MAX_PERSONAL_BUDGET_EURO = 100_000;
/**
 * Ignored parameters are counted up to this; more are still ignored but not counted further. It bounds
 * how many spellings of one variant a link can make (the count is part of the page, hence of its key).
 */
export const MAX_IGNORED_COUNTED = 20;

export interface ComponentChoice {
  componentId: number;
  /** Upper case. */
  asin: string;
}

export interface PersonalizationRequest {
  /** One per component, by component id. */
  choices: ComponentChoice[];
  /** Component ids, ascending, each once. */
  owned: number[];
  /** Cents of whole euros, or null when no (valid) budget was asked. */
  budgetCents: number | null;
  /** How many of our parameters were left out (at most MAX_IGNORED_COUNTED). */
  ignoredCount: number;
}

export const NO_PERSONALIZATION: PersonalizationRequest = Object.freeze({ choices: [], owned: [], budgetCents: null, ignoredCount: 0 });

const CHOICE = /^([1-9]\d{0,9}):([A-Za-z0-9]{10})$/;
const COMPONENT_ID = /^[1-9]\d{0,9}$/;

function componentIdOf(text: string): number | null {
  if (!COMPONENT_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ROW_ID ? id : null;
}

/**
 * A budget as visitors type it ("1.200", "1 200", "1200,50", "1200 €", read by euro-amount.ts), in cents of whole euros (half a euro and
 * more rounds up): no fit depends on the cents, and a budget per cent would make a hundred cached
 * variants of every euro. Null when it is not an amount in range.
 */
export function parseBudgetCents(text: string): number | null {
  const typed = parseEuroCents(text);
  if (typed === null) return null;
  const euros = Math.round(typed / 100);
  if ( euros < MIN_PERSONAL_BUDGET_EURO || euros > MAX_PERSONAL_BUDGET_EURO) return null;
  return euros * 100;
}

/** Cents as the URL spells a budget: "1200" (whole euros; "1199.99" only for cents not read from a URL). */
export function budgetParamOf(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Reads the personalisation parameters of a query; never throws. Other parameters are not ours and are not listed. */
export function parsePersonalization(search: URLSearchParams): PersonalizationRequest {
  const chosen = new Map<number, string>();
  const owned = new Set<number>();
  let budgetCents: number | null = null;
  let ignoredCount = 0;
  const ignore = () => {
    ignoredCount = Math.min(ignoredCount + 1, MAX_IGNORED_COUNTED);
  };

  for (const [name, value] of search) {
    if (name === PERSONALIZATION_PARAMS.choose) {
      const match = CHOICE.exec(value.trim());
      const componentId = match ? componentIdOf(match[1]!) : null;
      if (!match || componentId === null) ignore();
      else {
        const asin = match[2]!.toUpperCase();
        const earlier = chosen.get(componentId);
        if (earlier === asin) continue; // the same choice twice is one choice
        if (earlier !== undefined || chosen.size >= MAX_BUILD_COMPONENTS) ignore();
        else chosen.set(componentId, asin);
      }
    } else if (name === PERSONALIZATION_PARAMS.own) {
      const componentId = componentIdOf(value.trim());
      if (componentId === null || (!owned.has(componentId) && owned.size >= MAX_BUILD_COMPONENTS)) ignore();
      else owned.add(componentId);
    } else if (name === PERSONALIZATION_PARAMS.budget) {
      const cents = parseBudgetCents(value);
      if (cents === null || (budgetCents !== null && cents !== budgetCents)) ignore();
      else budgetCents = cents;
    }
  }

  const choices: ComponentChoice[] = [];
  for (const [componentId, asin] of [...chosen].sort(([a], [b]) => a - b)) {
    // An owned part is not bought, so it cannot be bought as another product either: possiedo wins.
    if (owned.has(componentId)) ignore();
    else choices.push({ componentId, asin });
  }
  return { choices, owned: [...owned].sort((a, b) => a - b), budgetCents, ignoredCount };
}

export function isPersonalized(request: Pick<PersonalizationRequest, 'choices' | 'owned' | 'budgetCents'>): boolean {
  return request.choices.length > 0 || request.owned.length > 0 || request.budgetCents !== null;
}

/**
 * The one spelling of a personalisation: `scegli=…&possiedo=…&budget=…`, each sorted by component id
 * ('' for none). No leading '?'.
 */
export function personalizationQuery(request: Pick<PersonalizationRequest, 'choices' | 'owned' | 'budgetCents'>): string {
  const params = new URLSearchParams();
  for (const choice of [...request.choices].sort((a, b) => a.componentId - b.componentId)) params.append(PERSONALIZATION_PARAMS.choose, `${choice.componentId}:${choice.asin}`);
  for (const id of [...request.owned].sort((a, b) => a - b)) params.append(PERSONALIZATION_PARAMS.own, String(id));
  if (request.budgetCents !== null) params.set(PERSONALIZATION_PARAMS.budget, budgetParamOf(request.budgetCents));
  return params.toString().replace(/%3A/g, ':');
}

/**
 * The key part of a personalisation for the page cache: its one spelling, then how many parameters were
 * ignored (the page says how many, so two answers that differ there are two entries; never their text).
 * The same function spells the key a request asks for (what its text says, before the build is read) and
 * the key an answer confirms (what applied to the build): the page cache stores an answer only when the
 * two agree, so a choice that names nothing of the build never makes an entry (cache-keys.ts).
 */
export function personalizationKeyPart(applied: { query: string; ignoredCount: number }): string {
  return applied.ignoredCount > 0 ? `${applied.query}#ignorati=${applied.ignoredCount}` : applied.query;
}

/** The key part a request asks for, from its text alone. Parameters that are not ours are not in it. */
export function personalizationCacheKey(search: URLSearchParams): string {
  const request = parsePersonalization(search);
  return personalizationKeyPart({ query: personalizationQuery(request), ignoredCount: request.ignoredCount });
}

/**
 * The page cache's key of a build page at `path` with this key part (personalizationKeyPart):
 * `/build/x`, `/build/x?scegli=…`, `/build/x#ignorati=2` or `/build/x?possiedo=3#ignorati=1`.
 */
export function personalizedPageKey(path: string, keyPart: string): string {
  if (keyPart === '') return path;
  return keyPart.startsWith('#') ? path + keyPart : `${path}?${keyPart}`;
}
