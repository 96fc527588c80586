/** A retailer product in the editor: search result -> component, replacement, lookup filling empty fields (decision 019). */
import { describe, expect, it } from 'vitest';
import type { RetailerItem } from '../../../../../modules/retailer-items/retailer-items.schema';
import { emptyBuildForm, emptyComponent, toBuildInput, validateBuildForm } from '../form/build-form';
import { editorReducer, initialEditorState } from '../editor-reducer';
import { componentFromRetailerItem, fillEmptyFields, specsFromFeatures, withRetailerProduct } from './retailer-fields';
import { hasMoreResults } from './retailer-search-dialog';
import { serverBuild, serverComponent } from '../server-fixtures';
import { lookupSuccessText, mayNameProduct } from './use-component-lookup';

const IMAGE = 'https://m.media-amazon.com/images/I/B0GPU00002-img._SL500_.jpg';

function item(overrides: Partial<RetailerItem> = {}): RetailerItem {
  return {
    asin: 'B0GPU00002',
    title: 'MSI GeForce RTX 5070 12G VENTUS 2X OC Scheda grafica',
    brand: 'MSI',
    price: 619.9,
    availability: 'available',
    image_url: IMAGE,
    amazon_link: 'https://www.amazon.it/dp/B0GPU00002?tag=buildpc-21',
    type: 'GPU',
    features: ['12 GB GDDR7', '  DLSS 4  e   ray tracing ', ''],
    ...overrides,
  };
}

describe('a search result becomes a component', () => {
  it('fills every field the retailer gives, with the type the server guessed', () => {
    const component = componentFromRetailerItem(item());
    expect(component).toMatchObject({
      type: 'GPU',
      name: 'MSI GeForce RTX 5070 12G VENTUS 2X OC Scheda grafica',
      brand: 'MSI',
      model: '',
      specs: '• 12 GB GDDR7\n• DLSS 4 e ray tracing',
      price: '619.9',
      amazon_link: 'https://www.amazon.it/dp/B0GPU00002?tag=buildpc-21',
      asin: 'B0GPU00002',
      image_url: IMAGE,
    });
    expect(component.id).toBeUndefined();
    expect(component.key).toMatch(/^c\d+$/);
  });

  it('leaves empty what the retailer does not say, and the form is valid and saves the image', () => {
    const component = componentFromRetailerItem(item({ brand: null, price: null, image_url: null, features: [], type: 'Other' }));
    expect(component).toMatchObject({ type: 'Other', brand: '', price: '', image_url: '', specs: '' });
    const form = { ...emptyBuildForm(), title: 'PC', components: [componentFromRetailerItem(item())] };
    expect(validateBuildForm(form)).toEqual({});
    expect(toBuildInput(form).components[0]).toMatchObject({ price: 619.9, asin: 'B0GPU00002', image_url: IMAGE });
  });

  it('keeps at most five bullet points as specs, within the server limit', () => {
    const features = Array.from({ length: 8 }, (_, index) => `Punto ${index + 1}`);
    expect(specsFromFeatures(features).split('\n')).toEqual(['• Punto 1', '• Punto 2', '• Punto 3', '• Punto 4', '• Punto 5']);
    const long = specsFromFeatures(['a'.repeat(3000), 'b'.repeat(3000)]);
    expect(long).toBe(`• ${'a'.repeat(3000)}`);
    expect(specsFromFeatures([])).toBe('');
  });
});

describe("'Sostituisci con un prodotto Amazon'", () => {
  it('keeps the place (key, id, type) and replaces every product field, the old model and specs included', () => {
    const old = { ...emptyComponent({ type: 'GPU', name: 'Vecchia', brand: 'Asus', model: 'X1', specs: 'vecchie', price: '500', amazon_link: 'https://www.amazon.it/dp/B0OLD00001', asin: 'B0OLD00001', image_url: 'https://m.media-amazon.com/images/I/old.jpg' }), id: 9 };
    const replaced = withRetailerProduct(old, item({ type: 'Other', features: [] }));
    expect(replaced).toMatchObject({ key: old.key, id: 9, type: 'GPU', name: item().title, brand: 'MSI', model: '', specs: '', price: '619.9', asin: 'B0GPU00002', image_url: IMAGE });
  });

  it('in the reducer, clears the errors of the fields it changed only', () => {
    let state = initialEditorState(serverBuild([serverComponent({ id: 1 })]));
    const key = state.form.components[0]!.key;
    state = editorReducer(state, { type: 'setErrors', errors: { 'components.0.name': 'x', 'components.0.type': 'y', title: 'z' } });
    state = editorReducer(state, { type: 'replaceProduct', key, item: item() });
    expect(state.form.components[0]).toMatchObject({ id: 1, type: 'CPU', asin: 'B0GPU00002', image_url: IMAGE });
    expect(state.errors).toEqual({ 'components.0.type': 'y', title: 'z' });
  });
});

describe('a lookup fills the empty fields', () => {
  it('never overwrites what the author typed, and says what it filled', () => {
    const typed = emptyComponent({ name: 'Il mio nome', amazon_link: 'https://www.amazon.it/dp/B0GPU00002', asin: 'B0GPU00002' });
    const { component, filled } = fillEmptyFields(typed, item());
    expect(component).toMatchObject({ type: 'CPU', name: 'Il mio nome', brand: 'MSI', price: '619.9', amazon_link: 'https://www.amazon.it/dp/B0GPU00002', image_url: IMAGE });
    expect(filled).toEqual(['brand', 'specs', 'price', 'image_url']);
    expect(lookupSuccessText(filled)).toBe('Dati caricati da Amazon: marca, specifiche, prezzo, immagine.');
  });

  it("sets the type only on a component blank but for its link, and only a recognised one", () => {
    const blank = emptyComponent({ amazon_link: 'https://www.amazon.it/dp/B0GPU00002', asin: 'B0GPU00002' });
    expect(fillEmptyFields(blank, item()).component.type).toBe('GPU');
    expect(fillEmptyFields(blank, item({ type: 'Other' })).component.type).toBe('CPU');
    expect(fillEmptyFields({ ...blank, type: 'RAM' }, item()).component.type).toBe('RAM');
    expect(fillEmptyFields({ ...blank, price: '10' }, item()).component.type).toBe('CPU');
  });

  it('puts the product link in place of an ASIN pasted in the link field; with everything typed it fills nothing', () => {
    const asinOnly = emptyComponent({ name: 'Scheda', amazon_link: 'B0GPU00002' });
    expect(fillEmptyFields(asinOnly, item()).component).toMatchObject({ amazon_link: item().amazon_link, asin: 'B0GPU00002' });
    const full = emptyComponent({ type: 'GPU', name: 'n', brand: 'b', model: 'm', specs: 's', price: '1', amazon_link: 'https://www.amazon.it/dp/B0GPU00002', asin: 'B0GPU00002', image_url: 'https://x.example/i.jpg' });
    const result = fillEmptyFields(full, item());
    expect(result.filled).toEqual([]);
    expect(result.component).toEqual(full);
    expect(lookupSuccessText([])).toBe('Dati caricati da Amazon: nessun campo vuoto da completare.');
  });

  it('in the reducer, applies only while the component still holds the link that was looked up', () => {
    let state = initialEditorState();
    const component = emptyComponent();
    state = editorReducer(state, { type: 'addComponent', component });
    state = editorReducer(state, { type: 'setComponentField', key: component.key, field: 'amazon_link', value: 'https://www.amazon.it/dp/B0GPU00002' });
    const before = state;
    state = editorReducer(state, { type: 'fillFromRetailer', key: component.key, reference: 'https://www.amazon.it/dp/B0OTHER001', item: item() });
    expect(state).toBe(before);
    state = editorReducer(state, { type: 'fillFromRetailer', key: component.key, reference: ' https://www.amazon.it/dp/B0GPU00002 ', item: item() });
    expect(state.form.components[0]).toMatchObject({ type: 'GPU', name: item().title, image_url: IMAGE });
  });
});

describe('the image follows the product', () => {
  it('goes when the link or the ASIN names another product, stays on other edits', () => {
    let state = initialEditorState(serverBuild([serverComponent({ id: 1, image_url: IMAGE, asin: 'B0BMQJWBDM', amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM' })]));
    const key = state.form.components[0]!.key;
    expect(state.form.components[0]!.image_url).toBe(IMAGE);
    state = editorReducer(state, { type: 'setComponentField', key, field: 'name', value: 'Altro nome' });
    state = editorReducer(state, { type: 'setComponentField', key, field: 'amazon_link', value: 'https://www.amazon.it/dp/B0BMQJWBDM?th=1' });
    expect(state.form.components[0]!.image_url).toBe(IMAGE);
    state = editorReducer(state, { type: 'setComponentField', key, field: 'asin', value: 'b0bmqjwbdm' });
    expect(state.form.components[0]!.image_url).toBe(IMAGE);
    state = editorReducer(state, { type: 'setComponentField', key, field: 'amazon_link', value: 'https://www.amazon.it/dp/B0NEW00001' });
    expect(state.form.components[0]).toMatchObject({ asin: 'B0NEW00001', image_url: '' });
  });

  it('an imported cart component keeps its image', () => {
    const state = editorReducer(initialEditorState(), {
      type: 'imported',
      affiliateTag: null,
      components: [{ type: 'GPU', name: 'G', brand: null, model: null, price: 1, amazon_link: 'https://www.amazon.it/dp/B0GPU00002', asin: 'B0GPU00002', specs: null, image_url: IMAGE }],
    });
    expect(state.form.components[0]!.image_url).toBe(IMAGE);
  });
});

describe('what is looked up', () => {
  it('an ASIN or an Amazon link; not a typing slip, nor an ordinary external link', () => {
    for (const text of ['B0GPU00002', 'b0gpu00002', 'https://www.amazon.it/dp/B0GPU00002', 'https://amzn.eu/d/abc']) expect(mayNameProduct(text)).toBe(true);
    for (const text of ['non-un-link', 'B0GPU', 'www.amazon.it/dp/B0GPU00002', 'ftp://example.com/x', '', 'http://example.com/x', 'https://amazon.ab.cd/dp/B0GPU00002']) {
      expect(mayNameProduct(text)).toBe(false);
    }
  });
});

describe("'Carica altri'", () => {
  it('is offered while Amazon has more and serves more pages', () => {
    const items = Array.from({ length: 10 }, () => item());
    expect(hasMoreResults({ items, page: 1, total: 35, exhausted: false })).toBe(true);
    expect(hasMoreResults({ items, page: 1, total: 10, exhausted: false })).toBe(false);
    expect(hasMoreResults({ items, page: 10, total: 500, exhausted: false })).toBe(false);
    expect(hasMoreResults({ items, page: 2, total: 500, exhausted: true })).toBe(false);
  });
});
