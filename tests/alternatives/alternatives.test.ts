/**
 * Admin alternatives API (api-contract.md, "Admin: alternatives"; product spec, "Entities and their fields",
 * "Validation rules" and "Error catalogue") on the real app and database, plus the service function the smart
 * replacement engine calls (listCandidatesFor).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ApiResponse, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
});
afterAll(() => ctx.close());

// Every test starts with no alternatives and no categories.
beforeEach(async () => {
  await ctx.database.db.deleteFrom('alternatives').execute();
  await ctx.database.db.deleteFrom('alternative_categories').execute();
});

const ASIN_INVALID = 'ASIN non valido: servono 10 caratteri alfanumerici';
const ASIN_AND_NAME_REQUIRED = 'ASIN e nome sono obbligatori';
const ALTERNATIVE_FIELDS = [
  'alternative_asin',
  'alternative_name',
  'alternative_price',
  'category_id',
  'created_at',
  'id',
  'original_asin',
  'priority',
  'updated_at',
];
const CATEGORY_FIELDS = ['alternatives_count', 'component_type', 'created_at', 'description', 'id', 'name', 'updated_at'];
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function api<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
  return ctx.request<T>(method, `/api/admin${path}`, { token, body });
}

async function createCategory(overrides: Record<string, unknown> = {}) {
  const response = await api('POST', '/alternative-categories', {
    name: 'Schede video 1080p',
    description: 'Alternative per le GPU di fascia media',
    component_type: 'GPU',
    ...overrides,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.category;
}

async function addMember(categoryId: number, body: Record<string, unknown>) {
  const response = await api('POST', `/alternative-categories/${categoryId}/alternatives`, { alternativeName: 'Prodotto', ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.alternative;
}

async function addForProduct(body: Record<string, unknown>) {
  const response = await api('POST', '/alternatives', { originalAsin: 'B0ORIGINAL', alternativeName: 'Prodotto', ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.alternative;
}

function expectError(response: ApiResponse, status: number, code: string, message?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.code).toBe(code);
  if (message !== undefined) expect(response.body.error.message).toBe(message);
  else expect(response.body.error.message).toEqual(expect.any(String));
}

function alternativeRows() {
  return ctx.database.db.selectFrom('alternatives').selectAll().orderBy('id').execute();
}

describe('authentication', () => {
  it('refuses the alternatives routes without a token and changes nothing', async () => {
    const list = await ctx.request('GET', '/api/admin/alternative-categories');
    expectError(list, 401, 'UNAUTHORIZED');
    const create = await ctx.request('POST', '/api/admin/alternatives', {
      body: { originalAsin: 'B0ORIGINAL', alternativeAsin: 'B0ALTERNAT', alternativeName: 'X' },
    });
    expectError(create, 401, 'UNAUTHORIZED');
    const remove = await ctx.request('DELETE', '/api/admin/alternative-categories/1');
    expectError(remove, 401, 'UNAUTHORIZED');
    expect(await alternativeRows()).toEqual([]);
  });
});

describe('alternative categories', () => {
  it('creates a category (201) with trimmed fields, a canonical component type and no alternatives', async () => {
    const before = ctx.clock.now();
    const response = await api('POST', '/alternative-categories', { name: '  SSD NVMe  ', description: '', component_type: 'storage' });
    expect(response.status).toBe(201);
    const category = response.body.category;
    expect(Object.keys(category).sort()).toEqual(CATEGORY_FIELDS);
    expect(category).toMatchObject({ id: expect.any(Number), name: 'SSD NVMe', description: null, component_type: 'Storage', alternatives_count: 0 });
    expect(category.created_at).toMatch(ISO_UTC);
    expect(new Date(category.created_at).getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it('accepts every editor component type and none at all', async () => {
    for (const type of ['CPU', 'Motherboard', 'RAM', 'GPU', 'Storage', 'PSU', 'Cooler', 'Case', 'Other']) {
      expect((await createCategory({ name: `Gruppo ${type}`, component_type: type })).component_type).toBe(type);
    }
    expect((await createCategory({ name: 'Senza tipo', component_type: undefined })).component_type).toBeNull();
    expect((await createCategory({ name: 'Tipo vuoto', component_type: '' })).component_type).toBeNull();
    expect((await createCategory({ name: 'Tipo null', component_type: null })).component_type).toBeNull();
  });

  it('refuses a missing or blank name and an unknown component type (400), creating nothing', async () => {
    for (const body of [{ description: 'x', component_type: 'GPU' }, { name: '   ' }, { name: null }, { name: 42 }]) {
      expectError(await api('POST', '/alternative-categories', body), 400, 'VALIDATION_ERROR', 'Il nome della categoria è obbligatorio');
    }
    // The limit with its thousands grouped, as every number the site shows.
    expectError(await api('POST', '/alternative-categories', { name: 'Lunga', description: 'x'.repeat(5001) }), 400, 'VALIDATION_ERROR', 'La descrizione può avere al massimo 5.000 caratteri');
    const badType = await api('POST', '/alternative-categories', { name: 'Monitor', component_type: 'Monitor' });
    expectError(badType, 400, 'VALIDATION_ERROR');
    expect(badType.body.error.message).toMatch(/^Tipo di componente non valido/);
    expect(badType.body.error.fields).toHaveProperty('component_type');
    expectError(await api('POST', '/alternative-categories', ['non', 'un', 'oggetto']), 400, 'VALIDATION_ERROR');
    expect((await api('GET', '/alternative-categories')).body.categories).toEqual([]);
  });

  it('lists categories by name with alternatives_count as a number', async () => {
    const gpu = await createCategory({ name: 'Schede video' });
    const empty = await createCategory({ name: 'Alimentatori', component_type: 'PSU' });
    await addMember(gpu.id, { alternativeAsin: 'B0GPU00001' });
    await addMember(gpu.id, { alternativeAsin: 'B0GPU00002' });
    await addForProduct({ alternativeAsin: 'B0GPU00003' }); // not in any category

    const response = await api('GET', '/alternative-categories');
    expect(response.status).toBe(200);
    expect(response.body.categories.map((c: any) => c.name)).toEqual(['Alimentatori', 'Schede video']);
    const [first, second] = response.body.categories;
    for (const category of response.body.categories) expect(Object.keys(category).sort()).toEqual(CATEGORY_FIELDS);
    expect(first).toMatchObject({ id: empty.id, component_type: 'PSU', alternatives_count: 0 });
    expect(second).toMatchObject({ id: gpu.id, description: 'Alternative per le GPU di fascia media', component_type: 'GPU', alternatives_count: 2 });
  });

  it('returns one category with its alternatives by priority (then creation order), and the same list on its own', async () => {
    const category = await createCategory();
    const low = await addMember(category.id, { alternativeAsin: 'B0LOWPRIO1', priority: 4 });
    const firstTop = await addMember(category.id, { alternativeAsin: 'B0TOPPRIO1', priority: 1 });
    const secondTop = await addMember(category.id, { alternativeAsin: 'B0TOPPRIO2', priority: 1 });

    const response = await api('GET', `/alternative-categories/${category.id}`);
    expect(response.status).toBe(200);
    expect(response.body.category).toMatchObject({ id: category.id, name: category.name, component_type: 'GPU', alternatives_count: 3 });
    expect(response.body.category.alternatives.map((a: any) => a.id)).toEqual([firstTop.id, secondTop.id, low.id]);
    expect(response.body.category.alternatives[0]).toEqual(firstTop);

    const list = await api('GET', `/alternative-categories/${category.id}/alternatives`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ alternatives: response.body.category.alternatives });
  });

  it('updates a category (PUT replaces every field)', async () => {
    const category = await createCategory();
    ctx.clock.advance(1000);
    const response = await api('PUT', `/alternative-categories/${category.id}`, { name: 'Processori', component_type: 'cpu' });
    expect(response.status).toBe(200);
    expect(response.body.category).toMatchObject({ id: category.id, name: 'Processori', description: null, component_type: 'CPU', alternatives_count: 0 });
    expect(response.body.category.created_at).toBe(category.created_at);
    expect(response.body.category.updated_at > category.updated_at).toBe(true);
    expect((await api('GET', `/alternative-categories/${category.id}`)).body.category.name).toBe('Processori');

    expectError(await api('PUT', `/alternative-categories/${category.id}`, { name: '' }), 400, 'VALIDATION_ERROR', 'Il nome della categoria è obbligatorio');
  });

  it('answers 404 for an unknown category on every category route', async () => {
    const body = { name: 'X', alternativeAsin: 'B0ABCDEFGH', alternativeName: 'X' };
    for (const [method, path] of [
      ['GET', '/alternative-categories/999999'],
      ['GET', '/alternative-categories/999999/alternatives'],
      ['PUT', '/alternative-categories/999999'],
      ['DELETE', '/alternative-categories/999999'],
      ['POST', '/alternative-categories/999999/alternatives'],
      ['GET', '/alternative-categories/abc'],
    ] as const) {
      expectError(await api(method, path, method === 'PUT' || method === 'POST' ? body : undefined), 404, 'NOT_FOUND');
    }
    expect(await alternativeRows()).toEqual([]);
  });

  it('deletes a category with its alternatives and nothing else', async () => {
    const doomed = await createCategory({ name: 'Da eliminare' });
    const kept = await createCategory({ name: 'Da tenere' });
    await addMember(doomed.id, { alternativeAsin: 'B0DOOMED01' });
    await addMember(doomed.id, { alternativeAsin: 'B0SHARED01' });
    const keptMember = await addMember(kept.id, { alternativeAsin: 'B0SHARED01' });
    const productAlternative = await addForProduct({ alternativeAsin: 'B0DOOMED01' });

    const response = await api('DELETE', `/alternative-categories/${doomed.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    expect((await alternativeRows()).map((row) => row.id)).toEqual([keptMember.id, productAlternative.id]);
    expect((await api('GET', '/alternative-categories')).body.categories.map((c: any) => c.id)).toEqual([kept.id]);
    expectError(await api('GET', `/alternative-categories/${doomed.id}`), 404, 'NOT_FOUND');
    expectError(await api('DELETE', `/alternative-categories/${doomed.id}`), 404, 'NOT_FOUND');
  });
});

describe('POST /api/admin/alternative-categories/{id}/alternatives', () => {
  it('adds a group member (201): no original ASIN, the category id, uppercased ASIN, euro price', async () => {
    const category = await createCategory();
    const before = ctx.clock.now();
    const response = await api('POST', `/alternative-categories/${category.id}/alternatives`, {
      alternativeAsin: ' b0bxyz1234 ',
      alternativeName: '  Sapphire Pulse RX 7600  ',
      alternativePrice: 279.9,
      priority: 2,
    });
    expect(response.status).toBe(201);
    const alternative = response.body.alternative;
    expect(Object.keys(alternative).sort()).toEqual(ALTERNATIVE_FIELDS);
    expect(alternative).toMatchObject({
      id: expect.any(Number),
      original_asin: null,
      category_id: category.id,
      alternative_asin: 'B0BXYZ1234',
      alternative_name: 'Sapphire Pulse RX 7600',
      alternative_price: 279.9,
      priority: 2,
    });
    expect(alternative.created_at).toMatch(ISO_UTC);
    expect(new Date(alternative.created_at).getTime()).toBeGreaterThanOrEqual(before.getTime());
    const [row] = await alternativeRows();
    expect(row).toMatchObject({ alternative_price_cents: 27990, original_asin: null, category_id: category.id });
  });

  it('refuses the same ASIN twice in one category (409), in any letter case, but allows it in another category', async () => {
    const category = await createCategory();
    const other = await createCategory({ name: 'Altro gruppo' });
    await addMember(category.id, { alternativeAsin: 'B0DUPLICAT' });
    const duplicate = await api('POST', `/alternative-categories/${category.id}/alternatives`, { alternativeAsin: 'b0duplicat', alternativeName: 'Y' });
    expectError(duplicate, 409, 'CONFLICT', 'Questa alternativa è già presente nella categoria');
    await addMember(other.id, { alternativeAsin: 'B0DUPLICAT' });
    expect(await alternativeRows()).toHaveLength(2);
  });

  it('two concurrent adds of the same member: one 201, one 409', async () => {
    const category = await createCategory();
    const body = { alternativeAsin: 'B0RACE0001', alternativeName: 'Gara', priority: 1 };
    const responses = await Promise.all([
      api('POST', `/alternative-categories/${category.id}/alternatives`, body),
      api('POST', `/alternative-categories/${category.id}/alternatives`, body),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.status === 409)!.body.error.message).toBe('Questa alternativa è già presente nella categoria');
    expect(await alternativeRows()).toHaveLength(1);
  });
});

describe('per-product alternatives', () => {
  it('creates one (201) tied to the original ASIN, with no category', async () => {
    const response = await api('POST', '/alternatives', {
      originalAsin: 'b0original',
      alternativeAsin: 'b0alternat',
      alternativeName: 'Crucial P3 Plus 1TB',
      alternativePrice: '64.99',
      priority: '2',
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body.alternative).sort()).toEqual(ALTERNATIVE_FIELDS);
    expect(response.body.alternative).toMatchObject({
      original_asin: 'B0ORIGINAL',
      category_id: null,
      alternative_asin: 'B0ALTERNAT',
      alternative_name: 'Crucial P3 Plus 1TB',
      alternative_price: 64.99,
      priority: 2,
    });
  });

  it('lists the alternatives of an ASIN (case-insensitively) by priority, then creation order', async () => {
    const third = await addForProduct({ alternativeAsin: 'B0THIRD001', priority: 3 });
    const first = await addForProduct({ alternativeAsin: 'B0FIRST001', priority: 1 });
    const second = await addForProduct({ alternativeAsin: 'B0SECOND01', priority: 1 });
    await addForProduct({ originalAsin: 'B0ANOTHER1', alternativeAsin: 'B0FIRST001' });
    const category = await createCategory();
    await addMember(category.id, { alternativeAsin: 'B0MEMBER01' });

    for (const asin of ['B0ORIGINAL', 'b0original', 'B0oRiGiNaL']) {
      const response = await api('GET', `/alternatives/${asin}`);
      expect(response.status).toBe(200);
      expect(response.body.alternatives.map((a: any) => a.id)).toEqual([first.id, second.id, third.id]);
    }
    expect((await api('GET', '/alternatives/B0NOTHING1')).body).toEqual({ alternatives: [] });
    expectError(await api('GET', '/alternatives/B0SHORT'), 400, 'VALIDATION_ERROR', ASIN_INVALID);
  });

  it('refuses an existing (original, alternative) pair with 409, but allows the alternative for another original', async () => {
    await addForProduct({ alternativeAsin: 'B0PAIR0001' });
    const duplicate = await api('POST', '/alternatives', { originalAsin: 'b0original', alternativeAsin: 'b0pair0001', alternativeName: 'Doppio' });
    expectError(duplicate, 409, 'CONFLICT', 'Questa alternativa esiste già per il prodotto');
    await addForProduct({ originalAsin: 'B0ANOTHER1', alternativeAsin: 'B0PAIR0001' });
    expect(await alternativeRows()).toHaveLength(2);
  });

  it('two concurrent adds of the same pair: one 201, one 409', async () => {
    const body = { originalAsin: 'B0ORIGINAL', alternativeAsin: 'B0RACE0002', alternativeName: 'Gara' };
    const responses = await Promise.all([api('POST', '/alternatives', body), api('POST', '/alternatives', body)]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await alternativeRows()).toHaveLength(1);
  });

  it('refuses an alternative equal to its original (400)', async () => {
    const response = await api('POST', '/alternatives', { originalAsin: 'B0ORIGINAL', alternativeAsin: 'b0original', alternativeName: 'Se stesso' });
    expectError(response, 400, 'VALIDATION_ERROR');
    expect(await alternativeRows()).toEqual([]);
  });

  it('requires the original ASIN and checks its format', async () => {
    const body = { alternativeAsin: 'B0ALTERNAT', alternativeName: 'X' };
    expectError(await api('POST', '/alternatives', body), 400, 'VALIDATION_ERROR', "L'ASIN del prodotto originale è obbligatorio");
    expectError(await api('POST', '/alternatives', { ...body, originalAsin: 'B0-ORIGINA' }), 400, 'VALIDATION_ERROR', ASIN_INVALID);
  });
});

describe('alternative validation', () => {
  const valid = { originalAsin: 'B0ORIGINAL', alternativeAsin: 'B0ALTERNAT', alternativeName: 'Prodotto' };

  it.each([
    ['missing ASIN', { alternativeAsin: undefined }, ASIN_AND_NAME_REQUIRED],
    ['blank ASIN', { alternativeAsin: '   ' }, ASIN_AND_NAME_REQUIRED],
    ['null ASIN', { alternativeAsin: null }, ASIN_AND_NAME_REQUIRED],
    ['missing name', { alternativeName: undefined }, ASIN_AND_NAME_REQUIRED],
    ['blank name', { alternativeName: '  ' }, ASIN_AND_NAME_REQUIRED],
    ['short ASIN', { alternativeAsin: 'B0SHORT' }, ASIN_INVALID],
    ['long ASIN', { alternativeAsin: 'B0TOOLONG123' }, ASIN_INVALID],
    ['ASIN with symbols', { alternativeAsin: 'B0ABC-DEF1' }, ASIN_INVALID],
    ['numeric ASIN', { alternativeAsin: 1234567890 }, ASIN_INVALID],
    ['negative price', { alternativePrice: -1 }, /prezzo/],
    // The same words as a build component's price: the author reads why 1.234 is refused.
    ['price with 3 decimals', { alternativePrice: 1.234 }, 'Il prezzo deve essere un numero positivo fino a 1.000.000 €, con al massimo 2 decimali (es. 129.90)'],
    ['text price', { alternativePrice: 'gratis' }, /prezzo/],
    ['price as object', { alternativePrice: { euro: 1 } }, /prezzo/],
  ])('%s: 400 with an Italian message, nothing saved', async (_label, override, message) => {
    for (const path of ['/alternatives', `/alternative-categories/${(await createCategory({ name: `Cat ${_label}` })).id}/alternatives`]) {
      const response = await api('POST', path, { ...valid, ...override });
      expectError(response, 400, 'VALIDATION_ERROR');
      if (typeof message === 'string') expect(response.body.error.message).toBe(message);
      else expect(response.body.error.message).toMatch(message);
    }
    expect(await alternativeRows()).toEqual([]);
  });

  it('refuses a body that is not a JSON object', async () => {
    expectError(await api('POST', '/alternatives', 'B0ALTERNAT'), 400, 'VALIDATION_ERROR');
    expectError(await api('POST', '/alternatives', null), 400, 'VALIDATION_ERROR');
  });

  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    [0, 0],
    [129.9, 129.9],
    ['49.99', 49.99],
    ['12,50', 12.5],
  ])('price %j is stored as %j', async (price, expected) => {
    const alternative = await addForProduct({ alternativeAsin: 'B0PRICE001', alternativePrice: price });
    expect(alternative.alternative_price).toBe(expected);
  });

  // Decimals are truncated (2.7 -> 2), like the original client's parseInt.
  it.each([
    [undefined, 1],
    [0, 1],
    [-3, 1],
    [1, 1],
    [3, 3],
    [9, 5],
    ['3', 3],
    [' 4 ', 4],
    ['abc', 1],
    ['3abc', 1],
    ['', 1],
    [null, 1],
    [true, 1],
    [2.7, 2],
    ['4.9', 4],
    [5.5, 5],
  ])('priority %j is clamped to %i', async (priority, expected) => {
    const alternative = await addForProduct({ alternativeAsin: 'B0PRIORITY', priority });
    expect(alternative.priority).toBe(expected);
    const category = await createCategory();
    expect((await addMember(category.id, { alternativeAsin: 'B0PRIORITY', priority })).priority).toBe(expected);
  });
});

describe('PUT /api/admin/alternatives/{id}', () => {
  it('accepts the camelCase body', async () => {
    const original = await addForProduct({ alternativeAsin: 'B0BEFORE01', alternativePrice: 10, priority: 3 });
    ctx.clock.advance(1000);
    const response = await api('PUT', `/alternatives/${original.id}`, {
      alternativeAsin: 'b0after001',
      alternativeName: 'Nuovo nome',
      alternativePrice: 20.5,
      priority: 1,
    });
    expect(response.status).toBe(200);
    expect(response.body.alternative).toEqual({
      ...original,
      alternative_asin: 'B0AFTER001',
      alternative_name: 'Nuovo nome',
      alternative_price: 20.5,
      priority: 1,
      updated_at: expect.any(String),
    });
    expect(response.body.alternative.updated_at > original.updated_at).toBe(true);
  });

  it('accepts the snake_case body: a priority change sends the whole alternative', async () => {
    const category = await createCategory();
    const first = await addMember(category.id, { alternativeAsin: 'B0FIRST001', alternativeName: 'Primo', alternativePrice: 100, priority: 1 });
    const second = await addMember(category.id, { alternativeAsin: 'B0SECOND01', alternativeName: 'Secondo', alternativePrice: 90, priority: 2 });

    // "down" arrow on the first one: priority + 1, every other field sent back as it is
    const response = await api('PUT', `/alternatives/${first.id}`, {
      alternative_asin: first.alternative_asin,
      alternative_name: first.alternative_name,
      alternative_price: first.alternative_price,
      priority: first.priority + 2,
    });
    expect(response.status).toBe(200);
    expect(response.body.alternative).toMatchObject({ id: first.id, category_id: category.id, original_asin: null, alternative_asin: 'B0FIRST001', alternative_name: 'Primo', alternative_price: 100, priority: 3 });
    const list = await api('GET', `/alternative-categories/${category.id}/alternatives`);
    expect(list.body.alternatives.map((a: any) => a.id)).toEqual([second.id, first.id]);
  });

  it('gives the same result for the same change in either spelling', async () => {
    const a = await addForProduct({ alternativeAsin: 'B0SPELLA01' });
    const b = await addForProduct({ alternativeAsin: 'B0SPELLB01' });
    const camel = await api('PUT', `/alternatives/${a.id}`, { alternativeAsin: 'b0spella02', alternativeName: ' X ', alternativePrice: '7.5', priority: 9 });
    const snake = await api('PUT', `/alternatives/${b.id}`, { alternative_asin: 'b0spellb02', alternative_name: ' X ', alternative_price: '7.5', priority: 9 });
    const pick = (alt: any) => ({ name: alt.alternative_name, price: alt.alternative_price, priority: alt.priority });
    expect(pick(camel.body.alternative)).toEqual({ name: 'X', price: 7.5, priority: 5 });
    expect(pick(snake.body.alternative)).toEqual(pick(camel.body.alternative));
    expect(snake.body.alternative.alternative_asin).toBe('B0SPELLB02');
  });

  it('keeps price and priority when they are left out, and clears the price on an explicit null', async () => {
    const original = await addForProduct({ alternativeAsin: 'B0KEEP0001', alternativePrice: 55.5, priority: 4 });
    const kept = await api('PUT', `/alternatives/${original.id}`, { alternative_asin: 'B0KEEP0001', alternative_name: 'Solo nome' });
    expect(kept.body.alternative).toMatchObject({ alternative_name: 'Solo nome', alternative_price: 55.5, priority: 4 });
    const cleared = await api('PUT', `/alternatives/${original.id}`, { alternativeAsin: 'B0KEEP0001', alternativeName: 'Solo nome', alternativePrice: null, priority: 'x' });
    expect(cleared.body.alternative).toMatchObject({ alternative_price: null, priority: 1 });
  });

  it('validates either spelling with the same messages', async () => {
    const original = await addForProduct({ alternativeAsin: 'B0VALID001' });
    expectError(await api('PUT', `/alternatives/${original.id}`, { alternative_asin: 'bad', alternative_name: 'X' }), 400, 'VALIDATION_ERROR', ASIN_INVALID);
    expectError(await api('PUT', `/alternatives/${original.id}`, { alternative_asin: 'B0VALID001' }), 400, 'VALIDATION_ERROR', ASIN_AND_NAME_REQUIRED);
    expectError(await api('PUT', `/alternatives/${original.id}`, { alternativeName: 'X' }), 400, 'VALIDATION_ERROR', ASIN_AND_NAME_REQUIRED);
    expectError(await api('PUT', `/alternatives/${original.id}`, { alternative_asin: 'B0VALID001', alternative_name: 'X', alternative_price: -5 }), 400, 'VALIDATION_ERROR');
    expectError(await api('PUT', `/alternatives/${original.id}`, { alternativeAsin: 'B0ORIGINAL', alternativeName: 'X' }), 400, 'VALIDATION_ERROR');
    expect((await alternativeRows())[0]).toMatchObject({ alternative_asin: 'B0VALID001', alternative_name: 'Prodotto' });
  });

  it('answers 409 when the change would duplicate a pair or a group member', async () => {
    const taken = await addForProduct({ alternativeAsin: 'B0TAKEN001' });
    const moving = await addForProduct({ alternativeAsin: 'B0MOVING01' });
    expectError(
      await api('PUT', `/alternatives/${moving.id}`, { alternativeAsin: 'B0TAKEN001', alternativeName: 'X' }),
      409,
      'CONFLICT',
      'Questa alternativa esiste già per il prodotto',
    );
    const category = await createCategory();
    await addMember(category.id, { alternativeAsin: 'B0TAKEN001' });
    const member = await addMember(category.id, { alternativeAsin: 'B0MEMBER01' });
    expectError(
      await api('PUT', `/alternatives/${member.id}`, { alternative_asin: 'b0taken001', alternative_name: 'X' }),
      409,
      'CONFLICT',
      'Questa alternativa è già presente nella categoria',
    );
    expect((await alternativeRows()).map((row) => row.alternative_asin)).toEqual(['B0TAKEN001', 'B0MOVING01', 'B0TAKEN001', 'B0MEMBER01']);
    expect(taken.id).toBeLessThan(moving.id);
  });

  it('answers 404 for an unknown alternative', async () => {
    expectError(await api('PUT', '/alternatives/999999', { alternativeAsin: 'B0ABCDEFGH', alternativeName: 'X' }), 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/admin/alternatives/{id}', () => {
  it('deletes one alternative ({ok:true}) and then answers 404', async () => {
    const doomed = await addForProduct({ alternativeAsin: 'B0DOOMED01' });
    const kept = await addForProduct({ alternativeAsin: 'B0KEPT0001' });
    const response = await api('DELETE', `/alternatives/${doomed.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect((await alternativeRows()).map((row) => row.id)).toEqual([kept.id]);
    expectError(await api('DELETE', `/alternatives/${doomed.id}`), 404, 'NOT_FOUND');
  });
});

describe('services.alternatives.listCandidatesFor', () => {
  it('returns the product alternatives, then the members of categories of that type, by priority, without duplicates or the original', async () => {
    const ownLow = await addForProduct({ alternativeAsin: 'B0OWNLOW01', priority: 2 });
    const ownTop = await addForProduct({ alternativeAsin: 'B0OWNTOP01', priority: 1 });
    await addForProduct({ originalAsin: 'B0SOMEELSE', alternativeAsin: 'B0ELSEWHER' });

    const gpu = await createCategory({ name: 'GPU A', component_type: 'GPU' });
    const gpuTop = await addMember(gpu.id, { alternativeAsin: 'B0GPUTOP01', priority: 1 });
    await addMember(gpu.id, { alternativeAsin: 'B0OWNLOW01', priority: 1 }); // already a product alternative
    await addMember(gpu.id, { alternativeAsin: 'B0ORIGINAL', priority: 1 }); // the original itself
    const gpuLow = await addMember(gpu.id, { alternativeAsin: 'B0GPULOW01', priority: 3 });
    const otherGpu = await createCategory({ name: 'GPU B', component_type: 'GPU' });
    const otherMid = await addMember(otherGpu.id, { alternativeAsin: 'B0GPUMID01', priority: 2 });
    await addMember(otherGpu.id, { alternativeAsin: 'B0GPUTOP01', priority: 5 }); // in both categories
    const cpu = await createCategory({ name: 'CPU', component_type: 'CPU' });
    const cpuMember = await addMember(cpu.id, { alternativeAsin: 'B0CPU00001' });
    await createCategory({ name: 'Senza tipo', component_type: null });

    const candidates = await ctx.services.alternatives.listCandidatesFor('B0ORIGINAL', 'GPU');
    expect(candidates.map((c) => c.id)).toEqual([ownTop.id, ownLow.id, gpuTop.id, otherMid.id, gpuLow.id]);
    expect(candidates[0]).toEqual(ownTop);
    expect(candidates[2]).toEqual(gpuTop);

    const loose = await ctx.services.alternatives.listCandidatesFor(' b0original ', 'gpu');
    expect(loose.map((c) => c.id)).toEqual(candidates.map((c) => c.id));

    expect((await ctx.services.alternatives.listCandidatesFor('B0ORIGINAL', 'CPU')).map((c) => c.id)).toEqual([ownTop.id, ownLow.id, cpuMember.id]);
    expect((await ctx.services.alternatives.listCandidatesFor('B0UNKNOWN1', 'CPU')).map((c) => c.id)).toEqual([cpuMember.id]);
    expect(await ctx.services.alternatives.listCandidatesFor('B0UNKNOWN1', 'Other')).toEqual([]);
    expect(await ctx.services.alternatives.listCandidatesFor('not an asin', '')).toEqual([]);
  });
});
