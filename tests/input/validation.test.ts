import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let token: string;
let build: any;
let listSnapshot: unknown;
let detailSnapshot: unknown;
let componentCount: number;

async function readList() {
  const response = await ctx.request('GET', '/api/admin/builds', { token });
  expect(response.status).toBe(200);
  return response.body;
}

async function readDetail() {
  const response = await ctx.request('GET', `/api/admin/builds/${build.id}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

async function countComponents() {
  const row = await ctx.database.db.selectFrom('components').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Nothing stored changed: the admin reads and the number of component rows are as before. */
async function expectStoredDataUnchanged() {
  expect(await readList()).toEqual(listSnapshot);
  expect(await readDetail()).toEqual(detailSnapshot);
  expect(await countComponents()).toBe(componentCount);
}

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
  const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Build di riferimento' }) });
  expect(created.status).toBe(201);
  build = created.body.build;
  listSnapshot = await readList();
  detailSnapshot = await readDetail();
  componentCount = await countComponents();
  expect(componentCount).toBe(3);
});
afterAll(() => ctx.close());

/** A valid build whose first component is patched. */
function withFirstComponent(patch: Record<string, unknown>) {
  const body = sampleBuild();
  body.components = body.components.map<(typeof body.components)[number]>((c, i) => (i === 0 ? { ...c, ...patch } : c));
  return body;
}

function withoutKey(body: Record<string, unknown>, key: string) {
  const { [key]: _removed, ...rest } = body;
  return rest;
}

interface BadInput {
  name: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  status: number;
  code: string;
  /** Path expected in error.fields (schema errors only). */
  field?: string;
  message: string | RegExp;
}

const TWO_MB_BODY = JSON.stringify(sampleBuild({ content: 'x'.repeat(2 * 1024 * 1024) }));
/** The step of 0.01 named in so many words: a price of 19.999 is refused, and the author must see why. */
const PRICE_MESSAGE = 'Il prezzo deve essere un numero positivo fino a 1.000.000 €, con al massimo 2 decimali (es. 129.90)';
const BUDGET_MESSAGE = 'Il budget deve essere un numero positivo fino a 1.000.000 €, con al massimo 2 decimali (es. 1499.90)';

const BAD_INPUTS: BadInput[] = [
  { name: 'missing title', body: withoutKey(sampleBuild(), 'title'), status: 400, code: 'VALIDATION_ERROR', field: 'title', message: 'Il titolo è obbligatorio' },
  { name: 'blank title', body: sampleBuild({ title: '   ' }), status: 400, code: 'VALIDATION_ERROR', field: 'title', message: 'Il titolo è obbligatorio' },
  { name: 'component link that is not a URL', body: withFirstComponent({ amazon_link: 'not a url' }), status: 400, code: 'VALIDATION_ERROR', field: 'components.0.amazon_link', message: /URL/ },
  { name: 'javascript: component link', body: withFirstComponent({ amazon_link: 'javascript:alert(1)' }), status: 400, code: 'VALIDATION_ERROR', field: 'components.0.amazon_link', message: /URL/ },
  { name: 'non-numeric price', body: withFirstComponent({ price: 'abc' }), status: 400, code: 'VALIDATION_ERROR', field: 'components.0.price', message: `Componente 1: ${PRICE_MESSAGE}` },
  { name: 'price with more than 2 decimals', body: withFirstComponent({ price: 19.999 }), status: 400, code: 'VALIDATION_ERROR', field: 'components.0.price', message: `Componente 1: ${PRICE_MESSAGE}` },
  { name: 'negative budget', body: sampleBuild({ budget: -5 }), status: 400, code: 'VALIDATION_ERROR', field: 'budget', message: BUDGET_MESSAGE },
  { name: 'budget with more than 2 decimals', body: sampleBuild({ budget: 1499.999 }), status: 400, code: 'VALIDATION_ERROR', field: 'budget', message: BUDGET_MESSAGE },
  // Limits in the messages have their thousands grouped, as every number the site shows.
  { name: 'description over 5,000 characters', body: sampleBuild({ description: 'x'.repeat(5001) }), status: 400, code: 'VALIDATION_ERROR', field: 'description', message: 'La descrizione: massimo 5.000 caratteri' },
  { name: 'content over 200,000 characters', body: sampleBuild({ content: 'x'.repeat(200_001) }), status: 400, code: 'VALIDATION_ERROR', field: 'content', message: 'Il contenuto: massimo 200.000 caratteri' },
  { name: 'component specs over 5,000 characters', body: withFirstComponent({ specs: 'x'.repeat(5001) }), status: 400, code: 'VALIDATION_ERROR', field: 'components.0.specs', message: 'Componente 1: Le specifiche: massimo 5.000 caratteri' },
  { name: 'unknown status', body: sampleBuild({ status: 'archived' }), status: 400, code: 'VALIDATION_ERROR', field: 'status', message: /Stato/ },
  { name: 'unknown category', body: sampleBuild({ category: 'gioco' }), status: 400, code: 'VALIDATION_ERROR', field: 'category', message: /Categoria/ },
  { name: 'component type over 40 characters', body: withFirstComponent({ type: 'x'.repeat(41) }), status: 400, code: 'VALIDATION_ERROR', field: 'components.0.type', message: 'Componente 1: Il tipo del componente: massimo 40 caratteri' },
  { name: 'component without name', body: withFirstComponent({ name: undefined }), status: 400, code: 'VALIDATION_ERROR', field: 'components.0.name', message: /nome/ },
  { name: 'component with a blank name', body: withFirstComponent({ name: '  ' }), status: 400, code: 'VALIDATION_ERROR', field: 'components.0.name', message: /nome/ },
  { name: '2 MB JSON body', rawBody: TWO_MB_BODY, status: 413, code: 'PAYLOAD_TOO_LARGE', message: /troppo grande/ },
  { name: 'malformed JSON', rawBody: '{"title":', status: 400, code: 'INVALID_JSON', message: /JSON/ },
  { name: 'text/plain body', rawBody: JSON.stringify(sampleBuild()), contentType: 'text/plain', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: /JSON/ },
];

function send(method: 'POST' | 'PUT', path: string, input: BadInput) {
  if (input.rawBody !== undefined) {
    return ctx.request(method, path, { token, rawBody: input.rawBody, headers: { 'Content-Type': input.contentType ?? 'application/json' } });
  }
  return ctx.request(method, path, { token, body: input.body });
}

function expectItalianError(response: { status: number; body: any }, input: BadInput) {
  expect(response.status).toBe(input.status);
  const error = response.body.error;
  expect(error.code).toBe(input.code);
  expect(typeof error.message).toBe('string');
  expect(error.message.trim()).not.toBe('');
  // zod's and Hono's English defaults ("Invalid input", "Expected string, received undefined"...) must not leak.
  expect(error.message).not.toMatch(/invalid|expected|required|received/i);
  if (typeof input.message === 'string') expect(error.message).toBe(input.message);
  else expect(error.message).toMatch(input.message);
  if (input.field) {
    expect(error.fields).toHaveProperty([input.field]);
    expect(error.fields[input.field]).toMatch(typeof input.message === 'string' ? input.message : input.message);
  }
}

describe('invalid build input', () => {
  it.each(BAD_INPUTS)('rejects $name on create and update, changing nothing', async (input) => {
    const created = await send('POST', '/api/admin/builds', input);
    expectItalianError(created, input);

    const updated = await send('PUT', `/api/admin/builds/${build.id}`, input);
    expectItalianError(updated, input);

    await expectStoredDataUnchanged();
  });
});

describe('no half-written saves', () => {
  function editedComponents() {
    return (detailSnapshot as any).build.components.map((c: any) => ({
      id: c.id,
      type: c.type,
      name: c.name,
      price: c.price,
      amazon_link: c.amazon_link,
      position: c.position,
    }));
  }

  it('leaves the first component alone when the third has an invalid price', async () => {
    const components = editedComponents();
    components[0].name = 'Nome nuovo che non deve essere salvato';
    components[2].price = 'abc';
    const response = await ctx.request('PUT', `/api/admin/builds/${build.id}`, {
      token,
      body: sampleBuild({ title: 'Titolo nuovo che non deve essere salvato', components }),
    });

    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.message).toMatch(/^Componente 3: .*prezzo/);
    expect(response.body.error.fields).toHaveProperty(['components.2.price']);
    await expectStoredDataUnchanged();
  });

  it('rolls back the first component when the third refers to an unknown component id', async () => {
    const components = editedComponents();
    components[0].name = 'Nome nuovo che non deve essere salvato';
    components[1] = { type: 'PSU', name: 'Nuovo alimentatore', price: 80, amazon_link: 'https://www.amazon.it/dp/B0PSU00001' };
    components[2].id = 999_999;
    const response = await ctx.request('PUT', `/api/admin/builds/${build.id}`, {
      token,
      body: sampleBuild({ title: 'Titolo nuovo che non deve essere salvato', components }),
    });

    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.message).toMatch(/^Componente 3: /);
    expect(response.body.error.fields).toHaveProperty(['components.2.id']);
    await expectStoredDataUnchanged();
  });
});
