/**
 * Smart replacement and price updates change components on the server (name, link, ASIN, price, brand...).
 * The editor then reloads the build and merges it field by field: a field the author has not edited since
 * the last load takes the server's value, an edited one keeps the edit. The baseline (what the server
 * holds) moves too, so the next save sends the server's values back as they are and undoes nothing, and
 * the unsaved-changes warning reflects only the author's own edits.
 */
import type { BuildAdmin } from '../../../../../modules/builds';
import { BUILD_FIELDS, type BuildForm, type BuildInputBody, buildFormFromServer, COMPONENT_FIELDS, type ComponentForm, componentFormFromServer } from '../form/build-form';

export interface EditorState {
  form: BuildForm;
  /** The build as last read from (or saved to) the server. */
  baseline: BuildForm;
}

function mergeComponent(current: ComponentForm, before: ComponentForm | undefined, server: ComponentForm): ComponentForm {
  const merged: ComponentForm = { ...current };
  for (const field of COMPONENT_FIELDS) {
    const untouched = before === undefined || current[field] === before[field];
    if (untouched) merged[field] = server[field];
  }
  return merged;
}

export function mergeServerComponents(state: EditorState, server: BuildAdmin): EditorState {
  const fromServer = new Map(server.components.map((component) => [component.id, component]));
  const baselineById = new Map(state.baseline.components.filter((c) => c.id !== undefined).map((c) => [c.id!, c]));
  const serverForm = (component: ComponentForm) => {
    const found = component.id === undefined ? undefined : fromServer.get(component.id);
    return found ? componentFormFromServer(found, component.key) : undefined;
  };
  return {
    form: {
      ...state.form,
      components: state.form.components.map((component) => {
        const latest = serverForm(component);
        return latest ? mergeComponent(component, baselineById.get(component.id!), latest) : component;
      }),
    },
    baseline: { ...state.baseline, components: state.baseline.components.map((component) => serverForm(component) ?? component) },
  };
}

/**
 * Whether the build re-read after the editor's own smart replacement or price update differs from the
 * baseline only in its components' fields: then the change is that action's, merged above, and the editor
 * may take the new version (updated_at) as its own. Anything else (another title, a component added or
 * removed) was changed elsewhere meanwhile: the editor keeps the version it had, so its next save is a
 * conflict the author sees instead of silently undoing that change.
 */
export function changedOnlyInComponentFields(baseline: BuildForm, server: BuildAdmin): boolean {
  const current = buildFormFromServer(server);
  if (BUILD_FIELDS.some((field) => current[field] !== baseline[field])) return false;
  const ids = (form: BuildForm) => JSON.stringify(form.components.map((component) => component.id ?? null).sort());
  return ids(current) === ids(baseline);
}

/**
 * 'Sovrascrivi' after a conflict: the author's version saved over the current one. Components the author
 * still has but that are gone from the server (deleted or replaced elsewhere) are sent without their id, so
 * they are added again instead of being refused as not belonging to the build.
 */
export function overwriteInput(body: BuildInputBody, server: BuildAdmin): BuildInputBody {
  const onServer = new Set(server.components.map((component) => component.id));
  return {
    ...body,
    components: body.components.map((component) => {
      if (!('id' in component) || component.id === undefined || onServer.has(component.id)) return component;
      const { id: _gone, ...rest } = component;
      return rest;
    }),
  };
}
