/**
 * The build editor's form model (product spec, "Screens and routes", "Entities and their fields",
 * "Validation rules"): what the inputs hold (text, as typed), how it becomes the API's BuildInput, and the
 * client-side check, which is the server's own zod schema so both give the same Italian messages for the same field
 * paths ('title', 'components.0.name'...).
 */
import { extractAsin } from '../../../../../common/asin';
import { parseEuro } from '../../../../../common/euro-amount';
import type { ComponentAttributes } from '../../../../../compatibility/attributes';
import { isoToRomeLocal, romeLocalToIso } from '../../../../../common/rome-time';
import { buildInputSchema, PUBLISH_AT_IN_PAST_MESSAGE } from '../../../../../modules/builds/builds.schema';
import type { BuildAdmin, ComponentAdmin } from '../../../../../modules/builds';
import type { BuildInputBody as ApiBuildInput } from '../../../api';

/**
 * The compatibility attributes the author may set over the derived ones (decision 023), as the card's inputs
 * hold them: '' means "derived from the name and specs".
 */
export const OVERRIDE_FIELDS = ['socket', 'memory_type', 'form_factor', 'watts'] as const;
export type OverrideField = (typeof OVERRIDE_FIELDS)[number];

/**
 * Editable component fields, in the order the card shows them. `image_url` is the retailer's product
 * image (a link, decision 019): filled by the search, the lookup and the cart import, shown as a
 * thumbnail, and editable in the card like the rest. The override fields close the card.
 */
export const COMPONENT_FIELDS = ['type', 'name', 'brand', 'model', 'specs', 'price', 'amazon_link', 'asin', 'image_url', ...OVERRIDE_FIELDS] as const;
export type ComponentField = (typeof COMPONENT_FIELDS)[number];

/** No override: every attribute derived again (a new product, say). */
export const NO_OVERRIDES: Record<OverrideField, string> = { socket: '', memory_type: '', form_factor: '', watts: '' };

export type ComponentForm = Record<ComponentField, string> & {
  /** Client-side identity for React lists and for matching rows across server reloads. */
  key: string;
  /** Server id once saved: sent back so the server keeps the row, its id and its price metadata. */
  id?: number;
};

export const BUILD_FIELDS = [
  'title',
  'description',
  'content',
  'featured_image',
  'budget',
  'category',
  'status',
  /** Rome wall time as the datetime-local input holds it ('YYYY-MM-DDTHH:mm'); sent as UTC, for 'scheduled' only. */
  'publish_at',
  'meta_title',
  'meta_description',
  'affiliate_tag',
] as const;
export type BuildField = (typeof BUILD_FIELDS)[number];

export type BuildForm = Record<BuildField, string> & { components: ComponentForm[] };

/** The form's values without the client-only keys: what a draft stores and what a save sends to the route's action. */
export type ComponentValues = Omit<ComponentForm, 'key'>;
export type BuildFormValues = Record<BuildField, string> & { components: ComponentValues[] };

/** Field path -> Italian message, with the server's path format ('components.1.amazon_link'). */
export type FieldErrors = Record<string, string>;

export const DEFAULT_COMPONENT_TYPE = 'CPU';

let nextKey = 0;
export function newComponentKey(): string {
  nextKey += 1;
  return `c${nextKey}`;
}

export function emptyComponent(values: Partial<Record<ComponentField, string>> = {}): ComponentForm {
  return { key: newComponentKey(), type: DEFAULT_COMPONENT_TYPE, name: '', brand: '', model: '', specs: '', price: '', amazon_link: '', asin: '', image_url: '', ...NO_OVERRIDES, ...values };
}

export function emptyBuildForm(): BuildForm {
  return {
    title: '',
    description: '',
    content: '',
    featured_image: '',
    budget: '',
    category: 'gaming',
    status: 'draft',
    publish_at: '',
    meta_title: '',
    meta_description: '',
    affiliate_tag: '',
    components: [],
  };
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A component as the server describes it: a saved one (ComponentAdmin) or one read from a cart (ImportedComponent). */
type ServerComponent = Pick<ComponentAdmin, 'type' | 'name' | 'brand' | 'model' | 'specs' | 'price'> & {
  amazon_link: string | null;
  asin: string | null;
  image_url?: string | null;
  attribute_overrides?: ComponentAttributes;
};

/** The inputs' text for a server component. */
export function componentFieldsFromServer(component: ServerComponent): Record<ComponentField, string> {
  return {
    type: component.type,
    name: component.name,
    brand: text(component.brand),
    model: text(component.model),
    specs: text(component.specs),
    price: text(component.price),
    amazon_link: text(component.amazon_link),
    asin: text(component.asin),
    image_url: text(component.image_url),
    socket: text(component.attribute_overrides?.socket),
    memory_type: text(component.attribute_overrides?.memory_type),
    form_factor: text(component.attribute_overrides?.form_factor),
    watts: text(component.attribute_overrides?.watts),
  };
}

/** The overrides as the API takes them: null for "derived"; watts as typed when not a number, for the schema to refuse. */
export function overridesInput(component: Record<OverrideField, string>) {
  const watts = component.watts.trim();
  return {
    socket: component.socket || null,
    memory_type: component.memory_type || null,
    form_factor: component.form_factor || null,
    watts: watts === '' ? null : Number.isFinite(Number(watts)) ? Number(watts) : watts,
  };
}

export function componentFormFromServer(component: ComponentAdmin, key = newComponentKey()): ComponentForm {
  return { key, id: component.id, ...componentFieldsFromServer(component) };
}

export function buildFormFromServer(build: BuildAdmin): BuildForm {
  return {
    title: build.title,
    description: text(build.description),
    content: text(build.content),
    featured_image: text(build.featured_image),
    budget: text(build.budget),
    category: text(build.category),
    status: build.status,
    publish_at: isoToRomeLocal(build.publish_at),
    meta_title: text(build.meta_title),
    meta_description: text(build.meta_description),
    affiliate_tag: text(build.affiliate_tag),
    components: [...build.components].sort((a, b) => a.position - b.position || a.id - b.id).map((component) => componentFormFromServer(component)),
  };
}

/** '' -> null; otherwise the euro amount typed (euro-amount.ts: "1.150", "1150,50"); what is not one is left for the schema to reject. */
function amount(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return parseEuro(trimmed) ?? trimmed;
}

/** The request body of POST/PUT /api/admin/builds: budget and prices as numbers or null, position = index. */
export function toBuildInput(form: BuildFormValues) {
  return {
    title: form.title,
    description: form.description,
    content: form.content,
    featured_image: form.featured_image,
    budget: amount(form.budget),
    category: form.category,
    status: form.status,
    // Not a Rome time (a hand-edited draft): sent as typed, for the schema to refuse with its message.
    publish_at: form.status === 'scheduled' ? (romeLocalToIso(form.publish_at) ?? form.publish_at) : null,
    meta_title: form.meta_title,
    meta_description: form.meta_description,
    affiliate_tag: form.affiliate_tag,
    components: form.components.map((component, position) => ({
      ...(component.id === undefined ? {} : { id: component.id }),
      type: component.type,
      name: component.name,
      brand: component.brand,
      model: component.model,
      specs: component.specs,
      price: amount(component.price),
      amazon_link: component.amazon_link,
      asin: component.asin,
      // Always sent, '' included: the form holds the image of the product it shows (cleared when the
      // product changes), so a save never leaves the old product's picture on a new one.
      image_url: component.image_url.trim(),
      // Always sent, like the image: the form holds the overrides of the product it shows.
      attribute_overrides: overridesInput(component),
      position,
    })),
  };
}

export type BuildInputBody = ReturnType<typeof toBuildInput>;

/**
 * Whether a body passes the server's own schema, so it can go out as the API's BuildInput (the form holds
 * text: a category or status the schema does not know is refused here, as the server would refuse it).
 */
export function isBuildInput(body: BuildInputBody): body is BuildInputBody & ApiBuildInput {
  return buildInputSchema.safeParse(body).success;
}

/** The same checks (and messages) as the server; empty when the form can be sent. `now`: the browser's clock. */
export function validateBuildForm(form: BuildFormValues, now = Date.now()): FieldErrors {
  const result = buildInputSchema.safeParse(toBuildInput(form));
  if (result.success) {
    const { status, publish_at } = result.data;
    // The server checks it again against its own clock, with the same message.
    if (status === 'scheduled' && (publish_at === undefined || Date.parse(publish_at) <= now)) return { publish_at: PUBLISH_AT_IN_PAST_MESSAGE };
    return {};
  }
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    // An override's message belongs to its own input ('components.0.watts').
    const path = issue.path.map(String).join('.').replace('.attribute_overrides.', '.') || '_';
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The server prefixes component messages with 'Componente N: ' so they read well on their own; next to
 * the field, inside the card titled 'Componente N', the prefix only repeats the title.
 */
export function fieldMessage(message: string): string {
  return message.replace(/^Componente \d+: /, '');
}

/** New link typed: the ASIN follows it; an ASIN typed by hand survives links that carry none. */
export function asinAfterLinkChange(component: Pick<ComponentForm, 'amazon_link' | 'asin'>, link: string): string {
  const extracted = extractAsin(link);
  if (extracted) return extracted;
  const derivedFromOldLink = component.asin !== '' && component.asin === extractAsin(component.amazon_link);
  return derivedFromOldLink ? '' : component.asin;
}

/** The form without its client-only keys. */
export function formValues(form: BuildForm): BuildFormValues {
  return { ...form, components: form.components.map(({ key: _key, ...component }) => component) };
}

/** Values read back (a draft, say) as a form, with fresh component keys. */
export function formFromValues(values: BuildFormValues): BuildForm {
  return { ...values, components: values.components.map((component) => ({ key: newComponentKey(), ...component })) };
}

/** What the author can change, without the client-only keys: two forms with the same snapshot hold the same build. */
export function formSnapshot(form: BuildForm): string {
  return JSON.stringify(formValues(form));
}

/** The path of a component's field in FieldErrors. */
export const componentPath = (index: number, field: ComponentField | 'id') => `components.${index}.${field}`;

/** DOM id of the input for a field path, so errors can be linked to and focused. */
export const fieldId = (path: string) => `build-${path.replace(/\./g, '-')}`;
