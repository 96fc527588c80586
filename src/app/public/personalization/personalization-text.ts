/**
 * The "Personalizza" section and the variant notice of a build page (decision 030), as texts and links
 * made on the server: every choice is a plain link (or the budget's GET form) to the variant it leads to,
 * so the page works without JavaScript and carries no personalisation code.
 */
import { partTypeName } from '../../../common/catalog';
import { formatDateTime, formatPrice, formatQuantity } from '../../../common/format';
import { centsToEuro, euroToCents } from '../../../common/money';
import { paths } from '../../../common/paths';
import {
  budgetParamOf,
  type ComponentChoice,
  MAX_IGNORED_COUNTED,
  PERSONALIZATION_PARAMS,
  parsePersonalization,
  personalizationQuery,
} from '../../../common/personalization-query';
import type { BuildPublic } from '../../../modules/builds';

/**
 * Where each personalising action lands. A choice reloads the page (a plain link, or the budget's GET
 * form), so every link and the form's action carry the fragment of what changed: the row of the part
 * chosen, or the "Configurazione personalizzata" summary for a budget, which can change several parts.
 * A phone would otherwise show the page's top, far from both. Fragments never reach the server, so the
 * page cache's variants (X-Page-Key) are the same with or without them.
 */
export const PERSONALIZE_ANCHORS = {
  section: 'personalizza',
  summary: 'configurazione-personalizzata',
  row: (componentId: number) => `personalizza-${componentId}`,
} as const;

/** What the visitor asked, as the links change it. */
interface VisitorState {
  choices: ComponentChoice[];
  owned: number[];
  budgetCents: number | null;
}

export interface PersonalizeOption {
  asin: string;
  name: string;
  priceText: string;
  /** '−120,00 €', '+35,50 €', '=' for the same price. */
  differenceText: string;
  price_updated_at: string | null;
  priceUpdatedText: string;
  href: string;
  /** The option the component shows now. */
  current: boolean;
}

export interface PersonalizeRow {
  id: number;
  /** The element id of the row, the fragment of its links. */
  anchor: string;
  type: string;
  /** The name the component shows now. */
  name: string;
  owned: boolean;
  options: PersonalizeOption[];
  /** "Ce l'ho già", or "Non ce l'ho" when owned. */
  ownLink: { text: string; href: string };
  /** Back to the author's part when the visitor or the budget swapped it; null otherwise. */
  authorLink: { text: string; href: string } | null;
}

export interface VariantNotice {
  changes: string[];
  /** Whether the budget was met, and what it says; null without a budget. */
  budget: { met: boolean; text: string } | null;
  /** How many of the link's parameters could not apply ("2 parametri non validi ignorati"); null when none. */
  ignoredText: string | null;
  baseTotalText: string;
  authorHref: string;
}

export interface PersonalizePageData {
  rows: PersonalizeRow[];
  budgetForm: { action: string; hidden: { name: string; value: string }[]; value: string };
  /** The notice of a personalised page; null on the author's build. */
  variant: VariantNotice | null;
  /** The page's own URL path (share links share the variant). */
  selfPath: string;
  /** On a personalised page, its total and the link up to the summary of what changed; null on the author's build. */
  summaryLink: { totalText: string; href: string } | null;
}

function signedPrice(euro: number): string {
  if (euro === 0) return 'stesso prezzo';
  return `${euro < 0 ? '−' : '+'}${formatPrice(Math.abs(euro))}`;
}

/** The variant `state` leads to, landing on the row of the part the link changes. */
function hrefOf(slug: string, state: VisitorState, componentId: number): string {
  return `${paths.buildVariant(slug, personalizationQuery(state))}#${PERSONALIZE_ANCHORS.row(componentId)}`;
}

const without = (state: VisitorState, componentId: number): VisitorState => ({
  ...state,
  choices: state.choices.filter((choice) => choice.componentId !== componentId),
  owned: state.owned.filter((id) => id !== componentId),
});

function changeText(component: BuildPublic['components'][number]): string | null {
  const type = partTypeName(component.type);
  if (component.owned) return `${type}: ${component.name}, già in tuo possesso`;
  if (!component.swapped_from) return null;
  const from = component.swapped_from;
  const difference = component.price !== null && from.price !== null ? ` (${signedPrice(centsToEuro(euroToCents(component.price) - euroToCents(from.price))!)})` : '';
  const why = component.swapped_by === 'budget' ? ' per stare nel budget' : '';
  return `${type}: ${component.name} al posto di ${from.name}${why}${difference}`;
}

/**
 * The count of what a link asked that could not apply. Never the parameters themselves: a link would
 * otherwise write its own words on our page ("ATTENZIONE: offerta scaduta, chiama…"), escaped but believable.
 */
export function ignoredNotice(count: number): string | null {
  if (count <= 0) return null;
  if (count >= MAX_IGNORED_COUNTED) return `${MAX_IGNORED_COUNTED} o più parametri non validi ignorati.`;
  return `${formatQuantity(count, 'parametro non valido ignorato', 'parametri non validi ignorati')}.`;
}

function variantNotice(build: BuildPublic): VariantNotice | null {
  const personalization = build.personalization;
  if (!personalization) return null;
  let budget: VariantNotice['budget'] = null;
  if (personalization.budget !== null) {
    const budgetText = formatPrice(personalization.budget);
    budget = personalization.budget_met
      ? { met: true, text: `Totale entro il tuo budget di ${budgetText}.` }
      : {
          met: false,
          text: `Con le alternative approvate dall'autore non si scende a ${budgetText}: il totale più basso possibile è ${formatPrice(build.total_price)}.`,
        };
  }
  return {
    changes: build.components.map(changeText).filter((text): text is string => text !== null),
    budget,
    ignoredText: ignoredNotice(personalization.ignored),
    baseTotalText: formatPrice(personalization.base_total),
    authorHref: paths.build(build.slug),
  };
}

export function toPersonalizePage(build: BuildPublic): PersonalizePageData {
  const state: VisitorState = parsePersonalization(new URLSearchParams(build.personalization?.query ?? ''));
  const rows = build.components.map((component): PersonalizeRow => {
    const rest = without(state, component.id);
    const options = component.alternatives.map((alternative) => ({
      asin: alternative.asin,
      name: alternative.name,
      priceText: formatPrice(alternative.price),
      differenceText: signedPrice(alternative.difference),
      price_updated_at: alternative.price_updated_at,
      priceUpdatedText: formatDateTime(alternative.price_updated_at),
      href: hrefOf(build.slug, { ...rest, choices: [...rest.choices, { componentId: component.id, asin: alternative.asin }] }, component.id),
      current: !component.owned && alternative.asin === component.asin,
    }));
    const ownLink = component.owned
      ? { text: "Non ce l'ho", href: hrefOf(build.slug, rest, component.id) }
      : { text: "Ce l'ho già", href: hrefOf(build.slug, { ...rest, owned: [...rest.owned, component.id] }, component.id) };
    // With a budget, the author's part is pinned by choosing its own ASIN, or the fit would swap it again.
    const from = component.swapped_from;
    const authorLink = from
      ? {
          text: `Torna a ${from.name}`,
          href: hrefOf(build.slug, from.asin && state.budgetCents !== null ? { ...rest, choices: [...rest.choices, { componentId: component.id, asin: from.asin }] } : rest, component.id),
        }
      : null;
    return { id: component.id, anchor: PERSONALIZE_ANCHORS.row(component.id), type: partTypeName(component.type), name: component.name, owned: component.owned, options, ownLink, authorLink };
  });
  const hidden = [
    ...state.choices.map((choice) => ({ name: PERSONALIZATION_PARAMS.choose, value: `${choice.componentId}:${choice.asin}` })),
    ...state.owned.map((id) => ({ name: PERSONALIZATION_PARAMS.own, value: String(id) })),
  ];
  return {
    rows,
    // A GET form's submission keeps the fragment of its action (HTML's "mutate action URL" replaces only the query).
    budgetForm: { action: `${paths.build(build.slug)}#${PERSONALIZE_ANCHORS.summary}`, hidden, value: state.budgetCents === null ? '' : budgetParamOf(state.budgetCents).replace('.', ',') },
    variant: variantNotice(build),
    selfPath: paths.buildVariant(build.slug, build.personalization?.query ?? ''),
    summaryLink: build.personalization ? { totalText: formatPrice(build.total_price), href: `#${PERSONALIZE_ANCHORS.summary}` } : null,
  };
}
