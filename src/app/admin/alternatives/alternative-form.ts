/**
 * The one form model of an alternative (product spec, "Entities and their fields", "States and transitions",
 * "Validation rules", "Error catalogue"), shared by the manager's dialog and the editor's panel: the four fields as
 * typed, and the request body they make. The body is checked with the server's own schema (alternatives.schema.ts),
 * so the author reads the server's own messages before anything is sent, and the priority is clamped by the server's
 * own `clampPriority`.
 */
import { centsToEuro } from '../../../common/money';
import { clampPriority, groupAlternativeInputSchema, MAX_PRIORITY, MIN_PRIORITY } from '../../../modules/alternatives/alternatives.schema';
import type { Alternative } from '../../../modules/alternatives';
import type { AlternativeBody } from '../api';
import { formOf, formText } from '../form-data';

export { MAX_PRIORITY, MIN_PRIORITY };

/** An ASIN has 10 characters: the field takes no more. */
export const ASIN_LENGTH = 10;

/** The four fields as typed (inputs give strings). */
export interface AlternativeDraft {
  asin: string;
  name: string;
  price: string;
  priority: string;
}

export type AlternativeField = keyof AlternativeDraft;

export const ALTERNATIVE_FIELDS: readonly AlternativeField[] = ['asin', 'name', 'price', 'priority'];

export const EMPTY_DRAFT: AlternativeDraft = { asin: '', name: '', price: '', priority: String(MIN_PRIORITY) };

/** What the ASIN field shows while typing: uppercase, no spaces, at most 10 characters. */
export function asinInput(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase().slice(0, ASIN_LENGTH);
}

/** The draft of a stored alternative (edit forms start from it). */
export function alternativeToDraft(alternative: Alternative): AlternativeDraft {
  return {
    asin: alternative.alternative_asin,
    name: alternative.alternative_name,
    price: alternative.alternative_price === null ? '' : String(alternative.alternative_price),
    priority: String(alternative.priority),
  };
}

/** The priority one step up (-1) or down (+1) from `priority`, or null past 1..5 (the arrow is then disabled). */
export function steppedPriority(priority: number, step: -1 | 1): number | null {
  const next = priority + step;
  return clampPriority(next) === next ? next : null;
}

// The schema's field names, as the form calls them.
const FIELD_OF_KEY: Record<string, AlternativeField> = { alternativeAsin: 'asin', alternativeName: 'name', alternativePrice: 'price', priority: 'priority' };

export type AlternativeParse =
  | { ok: true; body: AlternativeBody }
  /** `message` is the server's text for the first problem; `fields` are all the fields in error. */
  | { ok: false; message: string; fields: AlternativeField[] };

/**
 * The request body of a draft, as the server will read it: ASIN trimmed and uppercased, name trimmed,
 * price in euro or null when empty, priority clamped to 1..5 (anything non-numeric becomes 1).
 */
export function parseAlternative(draft: AlternativeDraft): AlternativeParse {
  const checked = groupAlternativeInputSchema.safeParse({
    alternativeAsin: asinInput(draft.asin),
    alternativeName: draft.name,
    alternativePrice: draft.price,
    priority: draft.priority,
  });
  if (!checked.success) {
    const issues = checked.error.issues;
    const fields = issues.map((issue) => FIELD_OF_KEY[String(issue.path[0])]).filter((field): field is AlternativeField => field !== undefined);
    return { ok: false, message: issues[0]?.message ?? '', fields: [...new Set(fields)] };
  }
  const { alternativeAsin, alternativeName, priceCents, priority } = checked.data;
  return { ok: true, body: { alternativeAsin, alternativeName, alternativePrice: centsToEuro(priceCents), priority } };
}

/** The draft's fields for a submission (`extra`: the intent and ids that go with it). */
export function draftForm(draft: AlternativeDraft, extra: Record<string, string> = {}): FormData {
  return formOf({ ...extra, asin: draft.asin, name: draft.name, price: draft.price, priority: draft.priority });
}

/** The draft a submission carries (a clientAction reads it back and parses it again: the client is not trusted). */
export function draftFromForm(form: FormData): AlternativeDraft {
  return { asin: formText(form, 'asin'), name: formText(form, 'name'), price: formText(form, 'price'), priority: formText(form, 'priority') };
}

/**
 * The members of a group to post for `originalAsin`, in the group's order: those already among the
 * product's alternatives (`knownAsins`) are skipped (product spec, "Error catalogue": silently), and so is the product
 * itself, which cannot be its own alternative.
 */
export function groupMembersToAdd(members: readonly Alternative[], knownAsins: readonly string[], originalAsin: string): Alternative[] {
  const present = new Set(knownAsins.map((asin) => asin.toUpperCase()));
  present.add(originalAsin.toUpperCase());
  return members.filter((member) => {
    const asin = member.alternative_asin.toUpperCase();
    if (present.has(asin)) return false;
    present.add(asin);
    return true;
  });
}

/** A group member as the body that adds it to a product: name, price and priority kept. */
export function memberToBody(member: Alternative): AlternativeBody {
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
