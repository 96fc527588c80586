/** The build editor's form model: payload, client validation, ASIN from the link, import and server merge. */
import { describe, expect, it } from 'vitest';
import type { ComponentAdmin } from '../../../../modules/builds';
import { asinAfterLinkChange, buildFormFromServer, emptyBuildForm, emptyComponent, fieldMessage, formSnapshot, toBuildInput, validateBuildForm } from './form/build-form';
import { editorReducer, type EditorReducerState, initialEditorState } from './editor-reducer';
import { changedOnlyInComponentFields, overwriteInput } from './save/merge-server';
import { serverBuild, serverComponent } from './server-fixtures';

describe('toBuildInput', () => {
  it('sends budget and prices as numbers or null, positions as indexes, ids only for saved components', () => {
    const form = {
      ...emptyBuildForm(),
      title: 'PC',
      budget: '1200,50',
      components: [emptyComponent({ name: 'A', price: '' }), { ...emptyComponent({ name: 'B', price: '99.9' }), id: 4 }],
    };
    const input = toBuildInput(form);
    expect(input.budget).toBe(1200.5);
    expect(input.components.map((c) => [c.price, c.position, 'id' in c ? c.id : undefined])).toEqual([
      [null, 0, undefined],
      [99.9, 1, 4],
    ]);
    expect(toBuildInput({ ...form, budget: '' }).budget).toBeNull();
  });
});

describe('validateBuildForm (the server schema, same messages and paths)', () => {
  it('requires the title', () => {
    expect(validateBuildForm(emptyBuildForm())).toEqual({ title: 'Il titolo è obbligatorio' });
  });

  it('requires component type and name and a URL as link', () => {
    const form = { ...emptyBuildForm(), title: 'PC', components: [emptyComponent({ type: '', name: ' ', amazon_link: 'non un link' })] };
    expect(validateBuildForm(form)).toEqual({
      'components.0.type': 'Il tipo del componente è obbligatorio',
      'components.0.name': 'Il nome del componente è obbligatorio',
      'components.0.amazon_link': 'Il link deve essere un URL valido (https://...)',
    });
  });

  it('accepts a complete form', () => {
    const form = { ...emptyBuildForm(), title: 'PC', components: [emptyComponent({ name: 'CPU', price: '10.5', amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM' })] };
    expect(validateBuildForm(form)).toEqual({});
  });

  it("drops the server's 'Componente N: ' prefix next to the field", () => {
    expect(fieldMessage('Componente 2: Il nome del componente è obbligatorio')).toBe('Il nome del componente è obbligatorio');
    expect(fieldMessage('Il titolo è obbligatorio')).toBe('Il titolo è obbligatorio');
  });
});

describe('ASIN follows the link', () => {
  it('takes the ASIN of each new link, clears one derived from the old link, keeps one typed by hand', () => {
    expect(asinAfterLinkChange({ amazon_link: '', asin: '' }, 'https://www.amazon.it/dp/B0BMQJWBDM')).toBe('B0BMQJWBDM');
    expect(asinAfterLinkChange({ amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM', asin: 'B0BMQJWBDM' }, 'https://www.amazon.it/dp/B0BMQ')).toBe('');
    expect(asinAfterLinkChange({ amazon_link: '', asin: 'B0MANUALE1' }, 'https://example.com/prodotto')).toBe('B0MANUALE1');
  });
});

describe('editorReducer', () => {
  const loaded = (components: ComponentAdmin[]) => editorReducer(initialEditorState(), { type: 'loaded', build: serverBuild(components), at: 0 });

  it('a loaded build is not dirty; an edit is', () => {
    const state = loaded([serverComponent({})]);
    expect(formSnapshot(state.form)).toBe(formSnapshot(state.baseline));
    const key = state.form.components[0]!.key;
    const edited = editorReducer(state, { type: 'setComponentField', key, field: 'amazon_link', value: 'https://www.amazon.it/dp/B0CCCCCCCC' });
    expect(edited.form.components[0]!.asin).toBe('B0CCCCCCCC');
    expect(formSnapshot(edited.form)).not.toBe(formSnapshot(edited.baseline));
  });

  it('imported components go after the existing ones; the tag is set only when the form has none', () => {
    const imported = [{ type: 'Other', name: 'Tappetino', brand: null, model: null, price: null, amazon_link: 'https://www.amazon.it/dp/B0MOU00005?tag=x-21', asin: 'B0MOU00005', specs: null, image_url: null }];
    const state = loaded([serverComponent({})]);
    const once = editorReducer(state, { type: 'imported', components: imported, affiliateTag: 'carrello-21' });
    expect(once.form.components.map((c) => c.name)).toEqual(['Ryzen 5 7600', 'Tappetino']);
    expect(toBuildInput(once.form).components.map((c) => c.position)).toEqual([0, 1]);
    expect(once.form.affiliate_tag).toBe('carrello-21');
    const twice = editorReducer(once, { type: 'imported', components: imported, affiliateTag: 'altro-21' });
    expect(twice.form.affiliate_tag).toBe('carrello-21');
  });

  it("server changes win where the author did not edit, the author's edits stay, and the baseline follows the server", () => {
    let state: EditorReducerState = loaded([serverComponent({ id: 1 }), serverComponent({ id: 2, name: 'GPU', type: 'GPU', position: 1 })]);
    const [first, second] = state.form.components;
    state = editorReducer(state, { type: 'setComponentField', key: second!.key, field: 'specs', value: 'specifiche nuove' });
    const swapped = serverComponent({ id: 1, name: 'Sostituto', brand: 'Intel', model: null, specs: null, price: 189, amazon_link: 'https://www.amazon.it/dp/B0ALT00001?tag=t-21', asin: 'B0ALT00001', is_replaced: 1 });
    const repriced = serverComponent({ id: 2, name: 'GPU', type: 'GPU', position: 1, price: 150 });
    state = editorReducer(state, { type: 'serverChanged', build: serverBuild([swapped, repriced]), at: 0 });
    expect(state.form.components[0]).toEqual({ ...first, name: 'Sostituto', brand: 'Intel', model: '', specs: '', price: '189', amazon_link: 'https://www.amazon.it/dp/B0ALT00001?tag=t-21', asin: 'B0ALT00001' });
    expect(state.form.components[1]).toMatchObject({ price: '150', specs: 'specifiche nuove' });
    // Saving now sends the server's values back: only the author's edit differs from the server.
    const sent = toBuildInput(state.form).components;
    const base = toBuildInput(state.baseline).components;
    expect(sent[0]).toEqual(base[0]);
    expect({ ...sent[1], specs: base[1]!.specs }).toEqual(base[1]);
  });

  it('removing a component clears the component errors (their indexes shift)', () => {
    let state = editorReducer(initialEditorState(), { type: 'addComponent', component: emptyComponent() });
    state = editorReducer(state, { type: 'setErrors', errors: { title: 'Il titolo è obbligatorio', 'components.0.name': 'Il nome del componente è obbligatorio' } });
    state = editorReducer(state, { type: 'removeComponent', key: state.form.components[0]!.key });
    expect(state.errors).toEqual({ title: 'Il titolo è obbligatorio' });
  });

  it('loads components in position order', () => {
    const form = buildFormFromServer(serverBuild([serverComponent({ id: 5, name: 'B', position: 1 }), serverComponent({ id: 6, name: 'A', position: 0 })]));
    expect(form.components.map((c) => c.name)).toEqual(['A', 'B']);
  });
});

describe('after a server-side change (conditional saves)', () => {
  const loaded = serverBuild([serverComponent({ id: 1 }), serverComponent({ id: 2, type: 'GPU', name: 'RTX 5060 Ti' })]);
  const baseline = buildFormFromServer(loaded);

  it("takes the reloaded version as the editor's own only when just component fields changed", () => {
    const replaced = serverBuild([serverComponent({ id: 1, name: 'Sostituto', asin: 'B0SOSTITU1', price: 209 }), loaded.components[1]!]);
    expect(changedOnlyInComponentFields(baseline, replaced)).toBe(true);
    expect(changedOnlyInComponentFields(baseline, { ...replaced, title: 'Cambiato altrove' })).toBe(false);
    expect(changedOnlyInComponentFields(baseline, { ...replaced, status: 'published' })).toBe(false);
    expect(changedOnlyInComponentFields(baseline, serverBuild([loaded.components[0]!]))).toBe(false); // one removed elsewhere
    expect(changedOnlyInComponentFields(baseline, serverBuild([...loaded.components, serverComponent({ id: 3 })]))).toBe(false); // one added
  });

  it("'Sovrascrivi' keeps the ids the server still has and re-adds the components gone from it", () => {
    const form = { ...baseline, components: [...baseline.components, emptyComponent({ name: 'Nuovo' })] };
    const input = overwriteInput(toBuildInput(form), serverBuild([loaded.components[1]!]));
    expect(input.components.map((component) => ('id' in component ? component.id : null))).toEqual([null, 2, null]);
    expect(input.components.map((component) => component.name)).toEqual(['Ryzen 5 7600', 'RTX 5060 Ti', 'Nuovo']);
    expect(input.title).toBe('PC Gaming');
  });
});
