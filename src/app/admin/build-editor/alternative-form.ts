/**
 * Rules of the per-component alternatives panel (spec sections 3, 5 and 8), kept apart from React so
 * that they are unit-tested: the form draft -> request body, and which group members a group add posts.
 */
import type { Alternative } from '../../../modules/alternatives/alternatives.types';

export const ALTERNATIVE_MESSAGES = {
  invalidLink: 'Componente deve avere un link Amazon valido',
  required: 'ASIN e nome sono obbligatori',
  added: 'Alternativa aggiunta con successo!',
  addFailed: "Errore nell'aggiunta dell'alternativa",
  updateFailed: "Errore nell'aggiornamento dell'alternativa",
  deleteFailed: "Errore nell'eliminazione dell'alternativa",
  deleteConfirm: 'Sei sicuro di voler eliminare questa alternativa?',
  groupEmpty: 'Questa categoria non ha alternative disponibili',
  groupFailed: "Errore nell'aggiunta del gruppo",
  loadFailed: 'Errore nel caricamento delle alternative',
  categoriesFailed: 'Errore nel caricamento dei gruppi di alternative',
} as const;

export function groupAddedMessage(added: number): string {
  return `Gruppo aggiunto con successo! ${added} alternative aggiunte.`;
}

export const ASIN_MAX_LENGTH = 10;
export const PRIORITY_MIN = 1;
export const PRIORITY_MAX = 5;

/** The form's fields as typed (inputs give strings). */
export interface AlternativeDraft {
  asin: string;
  name: string;
  price: string;
  priority: string;
}

export const EMPTY_DRAFT: AlternativeDraft = { asin: '', name: '', price: '', priority: String(PRIORITY_MIN) };

/** Body of POST /alternatives (plus originalAsin) and PUT /alternatives/{id}. */
export interface AlternativeFields {
  alternativeAsin: string;
  alternativeName: string;
  alternativePrice: number | null;
  priority: number;
}

/** What the ASIN field shows while typing: uppercase, no spaces, at most 10 characters. */
export function asinInput(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase().slice(0, ASIN_MAX_LENGTH);
}

/** Priority 1..5; anything non-numeric becomes 1 (spec section 5). */
export function parsePriority(value: string): number {
  const number = Number.parseInt(value, 10);
  if (!Number.isFinite(number)) return PRIORITY_MIN;
  return Math.min(PRIORITY_MAX, Math.max(PRIORITY_MIN, number));
}

/** Euro or null for an empty or unreadable field (the number input gives '' for anything it cannot read). */
export function parsePrice(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!text) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

export type DraftResult = { ok: true; fields: AlternativeFields } | { ok: false; message: string };

/** The request body for a draft, or the spec's message when ASIN or name is missing (nothing is sent then). */
export function draftToFields(draft: AlternativeDraft): DraftResult {
  const asin = asinInput(draft.asin);
  const name = draft.name.trim();
  if (!asin || !name) return { ok: false, message: ALTERNATIVE_MESSAGES.required };
  return { ok: true, fields: { alternativeAsin: asin, alternativeName: name, alternativePrice: parsePrice(draft.price), priority: parsePriority(draft.priority) } };
}

export function alternativeToDraft(alternative: Alternative): AlternativeDraft {
  return {
    asin: alternative.alternative_asin,
    name: alternative.alternative_name,
    price: alternative.alternative_price === null ? '' : String(alternative.alternative_price),
    priority: String(alternative.priority),
  };
}

/**
 * The members of a group to post for `originalAsin`, in the group's order: those already among the
 * product's alternatives are skipped (spec section 8: silently), and so is the product itself, which
 * cannot be its own alternative.
 */
export function groupMembersToAdd(members: readonly Alternative[], existing: readonly Alternative[], originalAsin: string): Alternative[] {
  const present = new Set(existing.map((alternative) => alternative.alternative_asin.toUpperCase()));
  present.add(originalAsin.toUpperCase());
  return members.filter((member) => {
    const asin = member.alternative_asin.toUpperCase();
    if (present.has(asin)) return false;
    present.add(asin);
    return true;
  });
}

export function memberToFields(member: Alternative): AlternativeFields {
  return {
    alternativeAsin: member.alternative_asin,
    alternativeName: member.alternative_name,
    alternativePrice: member.alternative_price,
    priority: member.priority,
  };
}

/** Groups for `componentType` first (case-insensitive), then the rest, each part in the server's order. */
export function orderCategoriesFor<T extends { component_type: string | null }>(categories: readonly T[], componentType: string): { matching: T[]; others: T[] } {
  const wanted = componentType.trim().toLowerCase();
  const matching = categories.filter((category) => wanted !== '' && category.component_type?.toLowerCase() === wanted);
  return { matching, others: categories.filter((category) => !matching.includes(category)) };
}
