/** State of the build editor: the form, the server's copy it is compared with, and the field errors. */
import type { BuildAdmin } from '../../../modules/builds/builds.types';
import type { ImportedComponent } from '../../../modules/importer/importer.service';
import {
  asinAfterLinkChange,
  type BuildField,
  type BuildForm,
  buildFormFromServer,
  type ComponentField,
  componentFieldsFromServer,
  type ComponentForm,
  componentPath,
  emptyBuildForm,
  emptyComponent,
  type FieldErrors,
} from './build-form';
import { type EditorState, mergeServerComponents } from './merge-server';

export interface EditorReducerState extends EditorState {
  errors: FieldErrors;
}

export type EditorAction =
  | { type: 'reset' }
  | { type: 'loaded'; build: BuildAdmin }
  | { type: 'setField'; field: BuildField; value: string }
  | { type: 'addComponent'; component: ComponentForm }
  | { type: 'removeComponent'; key: string }
  | { type: 'setComponentField'; key: string; field: ComponentField; value: string }
  | { type: 'imported'; components: ImportedComponent[]; affiliateTag: string | null }
  | { type: 'serverChanged'; build: BuildAdmin }
  | { type: 'restoreDraft'; form: BuildForm }
  | { type: 'setErrors'; errors: FieldErrors };

export function initialEditorState(): EditorReducerState {
  const form = emptyBuildForm();
  return { form, baseline: form, errors: {} };
}

function without(errors: FieldErrors, drop: (path: string) => boolean): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !drop(path)));
}

export function editorReducer(state: EditorReducerState, action: EditorAction): EditorReducerState {
  switch (action.type) {
    case 'reset':
      return initialEditorState();
    case 'loaded': {
      const form = buildFormFromServer(action.build);
      return { form, baseline: form, errors: {} };
    }
    case 'setField':
      return { ...state, form: { ...state.form, [action.field]: action.value }, errors: without(state.errors, (path) => path === action.field) };
    case 'addComponent':
      return { ...state, form: { ...state.form, components: [...state.form.components, action.component] } };
    case 'removeComponent':
      // Component errors are addressed by index, which shifts: they are checked again on the next save.
      return {
        ...state,
        form: { ...state.form, components: state.form.components.filter((component) => component.key !== action.key) },
        errors: without(state.errors, (path) => path.startsWith('components.')),
      };
    case 'setComponentField': {
      const index = state.form.components.findIndex((component) => component.key === action.key);
      if (index === -1) return state;
      const components = state.form.components.map((component) => {
        if (component.key !== action.key) return component;
        const next = { ...component, [action.field]: action.value };
        if (action.field === 'amazon_link') next.asin = asinAfterLinkChange(component, action.value);
        return next;
      });
      const cleared = action.field === 'amazon_link' ? [componentPath(index, 'amazon_link'), componentPath(index, 'asin')] : [componentPath(index, action.field)];
      return { ...state, form: { ...state.form, components }, errors: without(state.errors, (path) => cleared.includes(path)) };
    }
    case 'imported': {
      const added = action.components.map((component) => emptyComponent(componentFieldsFromServer(component)));
      return {
        ...state,
        form: {
          ...state.form,
          affiliate_tag: importSetsAffiliateTag(state.form, action.affiliateTag) ? action.affiliateTag! : state.form.affiliate_tag,
          components: [...state.form.components, ...added],
        },
      };
    }
    case 'serverChanged':
      return { ...state, ...mergeServerComponents(state, action.build) };
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
