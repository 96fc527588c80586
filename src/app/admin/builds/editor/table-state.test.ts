/** The component table's model: moving rows, keys kept across reloads, and the availability and freshness columns. */
import { describe, expect, it } from 'vitest';
import type { BuildAdmin, ComponentAdmin } from '../../../../modules/builds';
import { emptyComponent, toBuildInput } from './form/build-form';
import { editorReducer, initialEditorState } from './editor-reducer';
import { availabilityOf, priceFreshness, relativeAge } from './retailer/freshness';
import { parseFormValues } from './form/form-values-schema';
import { serverBuild, serverComponent } from './server-fixtures';
import { submittedIntent } from './save/submitted-intent';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-24T12:00:00.000Z');

/** A bare component: no brand, model, specs, link or ASIN; only what the table shows. */
function component(id: number, name: string, position: number, extra: Partial<ComponentAdmin> = {}): ComponentAdmin {
  return serverComponent({ id, name, position, brand: null, model: null, specs: null, price: 100, amazon_link: null, asin: null, ...extra });
}

function build(components: ComponentAdmin[], updatedAt = '2026-11-24T10:00:00.000Z'): BuildAdmin {
  return serverBuild(components, { slug: 'pc', title: 'PC', description: '', budget: null, updated_at: updatedAt, content: '' });
}

const names = (state: ReturnType<typeof initialEditorState>) => state.form.components.map((c) => c.name);

describe('moving components', () => {
  const loaded = initialEditorState(build([component(1, 'A', 0), component(2, 'B', 1), component(3, 'C', 2)]), NOW);
  const key = (name: string) => loaded.form.components.find((c) => c.name === name)!.key;

  it('moves a row to an index; positions follow the new order', () => {
    const state = editorReducer(loaded, { type: 'moveComponent', key: key('C'), to: 0 });
    expect(names(state)).toEqual(['C', 'A', 'B']);
    expect(toBuildInput(state.form).components.map((c) => [c.id, c.position])).toEqual([
      [3, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(names(editorReducer(state, { type: 'moveComponent', key: key('C'), to: 2 }))).toEqual(['A', 'B', 'C']);
  });

  it('clamps past the ends, ignores unknown keys, and drops component errors (their indexes changed)', () => {
    expect(names(editorReducer(loaded, { type: 'moveComponent', key: key('A'), to: 9 }))).toEqual(['B', 'C', 'A']);
    expect(editorReducer(loaded, { type: 'moveComponent', key: 'nessuna', to: 0 })).toBe(loaded);
    const withErrors = { ...loaded, errors: { title: 'Il titolo è obbligatorio', 'components.0.name': 'Il nome del componente è obbligatorio' } };
    expect(editorReducer(withErrors, { type: 'moveComponent', key: key('A'), to: 1 }).errors).toEqual({ title: 'Il titolo è obbligatorio' });
  });

  it('a build read again keeps the rows keys: by id, and by position for the rows a save just created', () => {
    const added = editorReducer(loaded, { type: 'addComponent', component: emptyComponent({ name: 'D' }) });
    const newKey = added.form.components[3]!.key;
    const saved = editorReducer(added, { type: 'loaded', build: build([component(2, 'B', 0), component(1, 'A', 1), component(3, 'C', 2), component(9, 'D', 3)]), at: NOW });
    expect(saved.form.components.map((c) => [c.name, c.key])).toEqual([
      ['B', key('B')],
      ['A', key('A')],
      ['C', key('C')],
      ['D', newKey],
    ]);
    expect(new Set(saved.form.components.map((c) => c.key)).size).toBe(4);
  });
});

describe('retailer facts', () => {
  it('keeps what the server said about each saved component, refreshed by a price update', () => {
    const stale = initialEditorState(build([component(1, 'A', 0, { availability: 'OUT_OF_STOCK', price_updated_at: '2026-11-21T11:00:00.000Z' })]), NOW);
    expect(stale.facts[1]).toEqual({ price: 100, availability: 'OUT_OF_STOCK', availability_checked_at: null, price_updated_at: '2026-11-21T11:00:00.000Z' });
    const refreshed = editorReducer(stale, {
      type: 'serverChanged',
      build: build([component(1, 'A', 0, { availability: 'IN_STOCK', price: 90, price_updated_at: '2026-11-24T11:59:00.000Z' })], '2026-11-24T11:59:00.000Z'),
      at: NOW,
    });
    expect(refreshed.facts[1]).toMatchObject({ availability: 'IN_STOCK', price: 90 });
    expect(refreshed.form.components[0]!.price).toBe('90');
    // Only component fields changed: the new version is the editor's own.
    expect(refreshed.version).toBe('2026-11-24T11:59:00.000Z');
  });

  it('availability in words, with the date it was checked', () => {
    expect(availabilityOf(undefined)).toEqual({ label: 'Non verificata', tone: 'unknown', checked: null });
    expect(availabilityOf({ price: 1, price_updated_at: null, availability: 'IN_STOCK', availability_checked_at: null })).toMatchObject({ label: 'Disponibile', tone: 'ok' });
    expect(availabilityOf({ price: 1, price_updated_at: null, availability: 'UNAVAILABLE', availability_checked_at: '2026-11-24T10:05:00.000Z' })).toEqual({
      label: 'Non disponibile',
      tone: 'bad',
      checked: '24/11/2026, 11:05',
    });
    expect(availabilityOf({ price: 1, price_updated_at: null, availability: 'PREORDER', availability_checked_at: null }).tone).toBe('warn');
    expect(availabilityOf({ price: 1, price_updated_at: null, availability: 'SOMETHING_NEW', availability_checked_at: null }).label).toBe('Sconosciuta');
  });

  it('the age of a price in Italian', () => {
    expect(relativeAge(20_000)).toBe('adesso');
    expect(relativeAge(-5_000)).toBe('adesso');
    expect(relativeAge(5 * 60_000)).toBe('5 minuti fa');
    expect(relativeAge(3 * HOUR + 59 * 60_000)).toBe('3 ore fa');
    expect(relativeAge(24 * HOUR)).toBe('ieri');
    expect(relativeAge(3 * 24 * HOUR + HOUR)).toBe('3 giorni fa');
  });

  it('freshness: the server date while the price is the server one; older than 24 hours is stale', () => {
    const facts = { price: 189.9, availability: null, availability_checked_at: null, price_updated_at: new Date(NOW - 3 * 24 * HOUR).toISOString() };
    expect(priceFreshness(facts, '189.90', NOW)).toMatchObject({ text: 'aggiornato 3 giorni fa', stale: true });
    expect(priceFreshness({ ...facts, price_updated_at: new Date(NOW - 2 * HOUR).toISOString() }, '189,9', NOW)).toMatchObject({ text: 'aggiornato 2 ore fa', stale: false });
    expect(priceFreshness(facts, '179', NOW)).toEqual({ text: 'modificato, da salvare', stale: false, date: null });
    expect(priceFreshness(facts, '', NOW).text).toBe('nessun prezzo');
    expect(priceFreshness(undefined, '10', NOW).text).toBe('non ancora salvato');
    expect(priceFreshness({ ...facts, price_updated_at: null }, '189.9', NOW)).toMatchObject({ text: 'mai aggiornato', stale: true });
  });
});

describe("the action's inputs", () => {
  it('form values: refused unless every field is text; the id first and the fields in the editor order', () => {
    const form = { ...initialEditorState().form, title: 'PC', components: [{ type: 'CPU', name: 'A', brand: '', model: '', specs: '', price: '1', amazon_link: '', asin: '', id: 4, key: 'c1' }] };
    const parsed = parseFormValues(form);
    expect(parsed?.components[0] && Object.keys(parsed.components[0])).toEqual([
      'id',
      'type',
      'name',
      'brand',
      'model',
      'specs',
      'price',
      'amazon_link',
      'asin',
      'image_url',
      'socket',
      'memory_type',
      'form_factor',
      'watts',
    ]);
    // A draft saved before components had images (or compatibility overrides) reads as one without them.
    expect(parsed?.components[0]?.image_url).toBe('');
    expect(parsed?.components[0]?.watts).toBe('');
    expect(parseFormValues({ ...form, components: [{ ...form.components[0], image_url: 'https://m.media-amazon.com/images/I/x.jpg' }] })?.components[0]?.image_url).toBe(
      'https://m.media-amazon.com/images/I/x.jpg',
    );
    expect(parseFormValues({ ...form, components: [{ ...form.components[0], image_url: null }] })).toBeNull();
    expect(parseFormValues({ ...form, title: 3 })).toBeNull();
    expect(parseFormValues({ ...form, components: [{ ...form.components[0], id: -1 }] })).toBeNull();
  });

  it("the intent of a fetcher's submission, JSON or multipart", () => {
    const multipart = new FormData();
    multipart.append('intent', 'upload');
    expect(submittedIntent({ intent: 'save' })).toBe('save');
    expect(submittedIntent(multipart)).toBe('upload');
    expect(submittedIntent(undefined)).toBeNull();
    expect(submittedIntent({ intent: 4 })).toBeNull();
  });
});
