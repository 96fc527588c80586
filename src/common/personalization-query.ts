/**
 * A visitor's personalisation of a build, as it travels in the URL of `/build/{slug}` and
 * `/api/builds/{slug}` (decision 030):
 *
 * - `scegli={componentId}:{ASIN}`: that component replaced by one of the author's alternatives;
 * - `possiedo={componentId}`: the visitor already owns it (out of the total and of the cart);
 * - `budget={euro}`: fit the build to this total.
 *
 * This module reads the text only: each parameter on its own, anything malformed, duplicated in a
 * contradictory way or past the limits goes to `ignored` and never fails the request. Whether a component
 * id or an ASIN names something of the build is decided later, with the build in hand. One spelling of a
 * request (`personalizationQuery`) serves the links, the canonical form and the page cache's key.
 */
import { MAX_BUILD_COMPONENTS, MAX_ROW_ID } from './bounds';

export const PERSONALIZATION_PARAMS = { choose: 'scegli', own: 'possiedo', budget: 'budget' } as const;

/** The budget a visitor may ask for, in euro: below 1 € or above this no build is meant. */
export const MIN_PERSONAL_BUDGET_EURO = 1;
export const MAX_PERSONAL_BUDGET_EURO = 100_000;
/** Ignored parameters listed back (the rest are still ignored, just not named): bounds the answer. */
export const MAX_IGNORED_LISTED = 20;
/** An ignored parameter is named by at most this many characters of its text. */
const MAX_IGNORED_TEXT = 80;

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
  /** Cents, or null when no (valid) budget was asked. */
  budgetCents: number | null;
  /** The parameters left out, as `name=value`, in the order they came (at most MAX_IGNORED_LISTED). */
  ignored: string[];
}

export const NO_PERSONALIZATION: PersonalizationRequest = Object.freeze({ choices: [], owned: [], budgetCents: null, ignored: [] });

const CHOICE = /^([1-9]\d{0,9}):([A-Za-z0-9]{10})$/;
const COMPONENT_ID = /^[1-9]\d{0,9}$/;
/** 1.234,56 (Italian thousands and decimals) */
const ITALIAN_AMOUNT = /^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/;
/** 1234, 1234,5 or 1234.56 */
const PLAIN_AMOUNT = /^\d{1,9}(?:[.,]\d{1,2})?$/;

function componentIdOf(text: string): number | null {
  if (!COMPONENT_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ROW_ID ? id : null;
}

/** A budget as visitors type it ("1.200", "1200,50", "1200 €"), in cents; null when it is not an amount in range. */
export function parseBudgetCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0€]/g, '');
  let normalized: string;
  if (ITALIAN_AMOUNT.test(compact)) normalized = compact.replace(/\./g, '').replace(',', '.');
  else if (PLAIN_AMOUNT.test(compact)) normalized = compact.replace(',', '.');
  else return null;
  const cents = Math.round(Number(normalized) * 100);
  if (!Number.isFinite(cents) || cents < MIN_PERSONAL_BUDGET_EURO * 100 || cents > MAX_PERSONAL_BUDGET_EURO * 100) return null;
  return cents;
}

/** Cents as the URL spells a budget: "1200" or "1199.99". */
export function budgetParamOf(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

function describe(name: string, value: string): string {
  const text = `${name}=${value}`;
  return text.length > MAX_IGNORED_TEXT ? `${text.slice(0, MAX_IGNORED_TEXT - 1)}…` : text;
}

/** Reads the personalisation parameters of a query; never throws. Other parameters are not ours and are not listed. */
export function parsePersonalization(search: URLSearchParams): PersonalizationRequest {
  const chosen = new Map<number, string>();
  const owned = new Set<number>();
  let budgetCents: number | null = null;
  const ignored: string[] = [];
  const ignore = (name: string, value: string) => {
    if (ignored.length < MAX_IGNORED_LISTED) ignored.push(describe(name, value));
  };

  for (const [name, value] of search) {
    if (name === PERSONALIZATION_PARAMS.choose) {
      const match = CHOICE.exec(value.trim());
      const componentId = match ? componentIdOf(match[1]!) : null;
      if (!match || componentId === null) ignore(name, value);
      else {
        const asin = match[2]!.toUpperCase();
        const earlier = chosen.get(componentId);
        if (earlier === asin) continue; // the same choice twice is one choice
        if (earlier !== undefined || chosen.size >= MAX_BUILD_COMPONENTS) ignore(name, value);
        else chosen.set(componentId, asin);
      }
    } else if (name === PERSONALIZATION_PARAMS.own) {
      const componentId = componentIdOf(value.trim());
      if (componentId === null || (!owned.has(componentId) && owned.size >= MAX_BUILD_COMPONENTS)) ignore(name, value);
      else owned.add(componentId);
    } else if (name === PERSONALIZATION_PARAMS.budget) {
      const cents = parseBudgetCents(value);
      if (cents === null || (budgetCents !== null && cents !== budgetCents)) ignore(name, value);
      else budgetCents = cents;
    }
  }

  const choices: ComponentChoice[] = [];
  for (const [componentId, asin] of [...chosen].sort(([a], [b]) => a - b)) {
    // An owned part is not bought, so it cannot be bought as another product either: possiedo wins.
    if (owned.has(componentId)) ignore(PERSONALIZATION_PARAMS.choose, `${componentId}:${asin}`);
    else choices.push({ componentId, asin });
  }
  return { choices, owned: [...owned].sort((a, b) => a - b), budgetCents, ignored };
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
 * The key part of a personalised request for the page cache: its one spelling, plus what was ignored
 * (the answer names it, so two requests that differ there differ in their answer). Parameters that are
 * not ours are not in it.
 */
export function personalizationCacheKey(search: URLSearchParams): string {
  const request = parsePersonalization(search);
  const query = personalizationQuery(request);
  if (request.ignored.length === 0) return query;
  const ignored = new URLSearchParams();
  for (const entry of request.ignored) ignored.append('ignorato', entry);
  return `${query}#${ignored.toString()}`;
}
