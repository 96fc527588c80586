/**
 * State of the build editor: the form, the server's copy it is compared with, the version the next save is
 * conditional on (decision 006), what the server last said about each saved component (availability, the
 * date of its price) and the field errors.
 */
import type { BuildAdmin, ComponentAdmin } from '../../../../modules/builds';
import type { ImportedComponent } from '../../../../modules/importer/importer.schema';
import type { RetailerItem } from '../../../../modules/retailer-items/retailer-items.schema';
import {
  asinAfterLinkChange,
  type BuildField,
  type BuildForm,
  buildFormFromServer,
  type ComponentField,
  componentFieldsFromServer,
  type ComponentForm,
  emptyBuildForm,
  emptyComponent,
  type FieldErrors,
  NO_OVERRIDES,
} from './form/build-form';
import { changedOnlyInComponentFields, type EditorState, mergeServerComponents } from './save/merge-server';
import { fillEmptyFields, withRetailerProduct } from './retailer/retailer-fields';

/** What the server last said about a saved component, for the table's availability and freshness columns. */
export type ComponentFacts = Pick<ComponentAdmin, 'price' | 'price_updated_at' | 'availability' | 'availability_checked_at'>;

export interface EditorReducerState extends EditorState {
  errors: FieldErrors;
  /** The saved build this editor holds; null on /admin/builds/new. */
  buildId: number | null;
  /** The build's updated_at the form is based on: the next save is conditional on it. Null for a new build. */
  version: string | null;
  /** By component id. */
  facts: Record<number, ComponentFacts>;
  /** When `facts` were read (ms): the freshness column counts from there. */
  readAt: number;
}

export type EditorAction =
  | { type: 'loaded'; build: BuildAdmin; at: number }
  | { type: 'setField'; field: BuildField; value: string }
  | { type: 'addComponent'; component: ComponentForm }
  | { type: 'removeComponent'; key: string }
  | { type: 'moveComponent'; key: string; to: number }
  | { type: 'setComponentField'; key: string; field: ComponentField; value: string }
  | { type: 'imported'; components: ImportedComponent[]; affiliateTag: string | null }
  /** 'Sostituisci con un prodotto Amazon': the component takes the chosen product's fields. */
  | { type: 'replaceProduct'; key: string; item: RetailerItem }
  /** A lookup's answer for the link `reference`: fills the component's empty fields, if it still has that link. */
  | { type: 'fillFromRetailer'; key: string; reference: string; item: RetailerItem }
  | { type: 'serverChanged'; build: BuildAdmin; at: number }
  | { type: 'restoreDraft'; form: BuildForm }
  | { type: 'setErrors'; errors: FieldErrors };

function factsOf(build: BuildAdmin): Record<number, ComponentFacts> {
  return Object.fromEntries(
    build.components.map(({ id, price, price_updated_at, availability, availability_checked_at }) => [id, { price, price_updated_at, availability, availability_checked_at }]),
  );
}

/** The editor on /admin/builds/new (no build) or on the build its route loaded. */
export function initialEditorState(build: BuildAdmin | null = null, at = 0): EditorReducerState {
  const form = build ? buildFormFromServer(build) : emptyBuildForm();
  return { form, baseline: form, errors: {}, buildId: build?.id ?? null, version: build?.updated_at ?? null, facts: build ? factsOf(build) : {}, readAt: at };
}

/**
 * A build read again (after a save, or 'Ricarica') keeps the keys of the rows it already had, so the open
 * card stays open and React keeps each row's DOM: by id, and by position for the rows the save just created.
 */
function carryKeys(previous: ComponentForm[], next: ComponentForm[]): ComponentForm[] {
  const byId = new Map(previous.filter((component) => component.id !== undefined).map((component) => [component.id, component.key]));
  const used = new Set<string>();
  return next.map((component, index) => {
    const unsaved = previous[index]?.id === undefined ? previous[index]?.key : undefined;
    const key = byId.get(component.id) ?? unsaved;
    if (key === undefined || used.has(key)) return component;
    used.add(key);
    return { ...component, key };
  });
}

function without(errors: FieldErrors, drop: (path: string) => boolean): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !drop(path)));
}

/** Component errors are addressed by index, which shifts: they are checked again on the next save. */
const withoutComponentErrors = (errors: FieldErrors) => without(errors, (path) => path.startsWith('components.'));

const sameAsin = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The component `key` replaced by `update(component)` (null: left as it is), with the errors of the fields
 * that changed cleared, and those of `alsoClear`.
 */
function updateComponent(
  state: EditorReducerState,
  key: string,
  update: (component: ComponentForm) => ComponentForm | null,
  alsoClear: readonly ComponentField[] = [],
): EditorReducerState {
  const index = state.form.components.findIndex((component) => component.key === key);
  const current = state.form.components[index];
  const next = current && update(current);
  if (!current || !next) return state;
  const changed = new Set<string>([...alsoClear, ...Object.keys(next).filter((field) => next[field as keyof ComponentForm] !== current[field as keyof ComponentForm])]);
  const components = state.form.components.map((component, at) => (at === index ? next : component));
  const prefix = `components.${index}.`;
  return {
    ...state,
    form: { ...state.form, components },
    errors: without(state.errors, (path) => path.startsWith(prefix) && changed.has(path.slice(prefix.length))),
  };
}

export function editorReducer(state: EditorReducerState, action: EditorAction): EditorReducerState {
  switch (action.type) {
    case 'loaded': {
      const fresh = initialEditorState(action.build, action.at);
      const form = { ...fresh.form, components: carryKeys(state.form.components, fresh.form.components) };
      return { ...fresh, form, baseline: form };
    }
    case 'setField':
      return { ...state, form: { ...state.form, [action.field]: action.value }, errors: without(state.errors, (path) => path === action.field) };
    case 'addComponent':
      return { ...state, form: { ...state.form, components: [...state.form.components, action.component] } };
    case 'removeComponent':
      return {
        ...state,
        form: { ...state.form, components: state.form.components.filter((component) => component.key !== action.key) },
        errors: withoutComponentErrors(state.errors),
      };
    case 'moveComponent': {
      const from = state.form.components.findIndex((component) => component.key === action.key);
      const to = Math.max(0, Math.min(action.to, state.form.components.length - 1));
      if (from === -1 || from === to) return state;
      const components = [...state.form.components];
      const [moved] = components.splice(from, 1);
      components.splice(to, 0, moved!);
      return { ...state, form: { ...state.form, components }, errors: withoutComponentErrors(state.errors) };
    }
    case 'setComponentField':
      return updateComponent(state, action.key, (component) => {
        const next = { ...component, [action.field]: action.value };
        if (action.field === 'amazon_link') next.asin = asinAfterLinkChange(component, action.value);
        // Another product (only the link or the ASIN changes it): the old one's picture and hand-set attributes
        // must not stay on it (a lookup or a refresh brings the new picture; its attributes are derived again).
        if (!sameAsin(next.asin, component.asin)) Object.assign(next, { image_url: '' }, NO_OVERRIDES);
        return next;
      }, action.field === 'amazon_link' ? ['amazon_link', 'asin'] : [action.field]);
    case 'replaceProduct':
      return updateComponent(state, action.key, (component) => withRetailerProduct(component, action.item));
    case 'fillFromRetailer':
      // The author may have changed the link while the lookup ran: the answer is then about another product.
      return updateComponent(state, action.key, (component) =>
        component.amazon_link.trim() === action.reference.trim() ? fillEmptyFields(component, action.item).component : null,
      );
    case 'imported': {
      const added = action.components.map((component) => emptyComponent(componentFieldsFromServer(component)));
      return {
        ...state,
        form: {
          ...state.form,
          affiliate_tag: importSetsAffiliateTag(state.form, action.affiliateTag) ? (action.affiliateTag ?? '') : state.form.affiliate_tag,
          components: [...state.form.components, ...added],
        },
      };
    }
    case 'serverChanged':
      // The editor's own smart replacement or price update: merged field by field (merge-server.ts). Its
      // version becomes the editor's only when that action is all that changed; otherwise the next save
      // must meet the conflict instead of silently undoing a change made elsewhere.
      return {
        ...state,
        ...mergeServerComponents(state, action.build),
        version: changedOnlyInComponentFields(state.baseline, action.build) ? action.build.updated_at : state.version,
        facts: factsOf(action.build),
        readAt: action.at,
      };
    case 'restoreDraft':
      // The baseline stays the server's copy: the restored edits are unsaved ones.
      return { ...state, form: action.form, errors: {} };
    case 'setErrors':
      return { ...state, errors: action.errors };
  }
}

/** Whether the import will set the form's affiliate tag (only when the form has none). */
export function importSetsAffiliateTag(form: BuildForm, affiliateTag: string | null): boolean {
  return Boolean(affiliateTag) && form.affiliate_tag.trim() === '';
}
