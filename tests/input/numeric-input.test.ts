/**
 * Every numeric input of the API (query strings, JSON bodies, route ids) against hostile numbers: each
 * answers a 4xx with an Italian message, or the documented fallback, and never a 500.
 * Runs on both databases: PostgreSQL refuses out-of-range parameters that SQLite would take, so a value
 * that reaches the database unchecked shows up there as a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader as homeLoader } from '../../src/app/public/home/home-route';
import { MAX_EURO, MAX_LIST_OFFSET, MAX_ROW_ID } from '../../src/common/bounds';
import { createTestContext, sampleBuild, type ApiResponse, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let token: string;
let buildId: number;
let categoryId: number;
let alternativeId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
  const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Build di riferimento' }) });
  expect(created.status).toBe(201);
  buildId = created.body.build.id;
  const category = await ctx.request('POST', '/api/admin/alternative-categories', { token, body: { name: 'Schede video', component_type: 'GPU' } });
  expect(category.status).toBe(201);
  categoryId = category.body.category.id;
  const alternative = await ctx.request('POST', '/api/admin/alternatives', {
    token,
    body: { originalAsin: 'B0BMQJWBDM', alternativeAsin: 'B0ALT00001', alternativeName: 'Alternativa', alternativePrice: 10 },
  });
  expect(alternative.status).toBe(201);
  alternativeId = alternative.body.alternative.id;
});
afterAll(() => ctx.close());

/** The error shape of the contract, with Italian text: zod's English defaults must not leak. */
function expectItalianError(response: ApiResponse, status: number, label: string) {
  expect(response.status, `${label}: ${JSON.stringify(response.body)}`).toBe(status);
  const message: unknown = response.body?.error?.message;
  expect(typeof message, label).toBe('string');
  expect((message as string).trim(), label).not.toBe('');
  expect(message, label).not.toMatch(/invalid|expected|required|received|too (big|small)/i);
}

// ---------------------------------------------------------------------------------------------------
// Query strings: GET /api/builds

/** As they arrive in a URL. '' is the documented "not given" of a form field left empty. */
const HOSTILE_QUERY = ['1e300', '-1', 'NaN', 'Infinity', '-Infinity', '9007199254740993', '', 'abc', '1.5', '0x10', String(MAX_EURO + 0.01)];

interface QueryField {
  name: string;
  /** Values, besides '', that are valid for this field. */
  valid: string[];
  message: RegExp;
}

const QUERY_FIELDS: QueryField[] = [
  { name: 'limit', valid: ['0x10'], message: /^limit deve essere un numero intero tra 1 e 100$/ },
  { name: 'offset', valid: ['0x10'], message: new RegExp(`^offset deve essere un numero intero tra 0 e ${MAX_LIST_OFFSET}$`) },
  { name: 'minBudget', valid: ['1.5', '0x10'], message: /^minBudget deve essere un numero positivo fino a 1\.000\.000 €$/ },
  { name: 'maxBudget', valid: ['1.5', '0x10'], message: /^maxBudget deve essere un numero positivo fino a 1\.000\.000 €$/ },
];

describe('GET /api/builds with hostile numbers', () => {
  const cases = QUERY_FIELDS.flatMap((field) => HOSTILE_QUERY.map((value) => ({ ...field, value })));

  it.each(cases)('$name=$value answers 400 or the documented fallback, never 500', async ({ name, value, valid, message }) => {
    const response = await ctx.request('GET', `/api/builds?${name}=${encodeURIComponent(value)}`);
    if (value === '' || valid.includes(value)) {
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(Array.isArray(response.body.builds)).toBe(true);
      return;
    }
    expectItalianError(response, 400, `${name}=${value}`);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.message).toMatch(message);
    expect(response.body.error.fields).toHaveProperty([name]);
  });

  it('still pages and filters at the bounds', async () => {
    const deepest = await ctx.request('GET', `/api/builds?offset=${MAX_LIST_OFFSET}&limit=100`);
    expect(deepest.status).toBe(200);
    expect(deepest.body.builds).toEqual([]);
    const widest = await ctx.request('GET', `/api/builds?minBudget=0&maxBudget=${MAX_EURO}`);
    expect(widest.status).toBe(200);
    expect(widest.body.builds.map((b: { id: number }) => b.id)).toEqual([buildId]);
  });
});

// ---------------------------------------------------------------------------------------------------
// JSON bodies

/** Raw JSON literals: numbers as a client could send them, including 1e400 (Infinity once parsed) and 2^53 + 1. */
const HOSTILE_JSON = ['1e300', '1e400', '-1', '"NaN"', '"Infinity"', '9007199254740993', '""', '"abc"', '1.5', '"1e300"', String(MAX_EURO + 0.01)];

const PLACEHOLDER = '"__hostile__"';

/** The body as JSON text with `value` put in as a raw literal. */
function withRawValue(body: unknown, value: string): string {
  const text = JSON.stringify(body);
  expect(text).toContain(PLACEHOLDER);
  return text.replace(PLACEHOLDER, value);
}

type Outcome = { status: 400; field: string; message: RegExp } | { status: 200 | 201; check?: (body: any) => void };

interface BodyCase {
  name: string;
  method: 'POST' | 'PUT';
  path: () => string;
  body: () => unknown;
  outcome: (value: string) => Outcome;
}

const PRICE_MESSAGE = /^(Componente 1: )?Il prezzo deve essere un numero positivo fino a 1\.000\.000 €, con al massimo 2 decimali/;

/** Euro amounts: decimals allowed, '' means "no amount" (null), anything else out of 0..1,000,000 is refused. */
function euroOutcome(field: string, message: RegExp, success: 200 | 201, read: (body: any) => unknown): (value: string) => Outcome {
  return (value) => {
    if (value === '""') return { status: success, check: (body) => expect(read(body)).toBeNull() };
    if (value === '1.5') return { status: success, check: (body) => expect(read(body)).toBe(1.5) };
    return { status: 400, field, message };
  };
}

/** Integers (ids, positions): anything but a whole number in range is refused. */
const integerOutcome = (field: string, message: RegExp) => (): Outcome => ({ status: 400, field, message });

/** Priority is documented as clamped to 1..5, anything non-numeric becoming 1 (api-contract.md). */
function priorityOutcome(success: 200 | 201): (value: string) => Outcome {
  const expected: Record<string, number> = { '1e300': 5, '9007199254740993': 5, '"1e300"': 5, [String(MAX_EURO + 0.01)]: 5 };
  return (value) => ({ status: success, check: (body) => expect(body.alternative.priority).toBe(expected[value] ?? 1) });
}

function buildWithComponent(patch: Record<string, unknown>) {
  const body = sampleBuild();
  body.components = body.components.map<(typeof body.components)[number]>((c, i) => (i === 0 ? { ...c, ...patch } : c));
  return body;
}


let uniqueAsin = 0;
const nextAsin = () => `B0NUM${String(++uniqueAsin).padStart(5, '0')}`;

const BODY_CASES: BodyCase[] = [
  ...(['POST', 'PUT'] as const).flatMap((method): BodyCase[] => {
    const path = () => (method === 'POST' ? '/api/admin/builds' : `/api/admin/builds/${buildId}`);
    const success = method === 'POST' ? 201 : 200;
    return [
      {
        name: `${method} build budget`,
        method,
        path,
        body: () => sampleBuild({ budget: '__hostile__' }),
        outcome: euroOutcome('budget', /^Il budget deve essere un numero positivo fino a 1\.000\.000 €, con al massimo 2 decimali \(es\. 1499\.90\)$/, success, (b) => b.build.budget),
      },
      {
        name: `${method} component price`,
        method,
        path,
        body: () => buildWithComponent({ price: '__hostile__' }),
        outcome: euroOutcome('components.0.price', PRICE_MESSAGE, success, (b) => b.build.components.find((c: any) => c.name === 'AMD Ryzen 5 7600').price),
      },
      {
        name: `${method} component position`,
        method,
        path,
        body: () => buildWithComponent({ position: '__hostile__' }),
        outcome: integerOutcome('components.0.position', /^Componente 1: La posizione deve essere un numero intero/),
      },
    ];
  }),
  {
    name: 'PUT component id',
    method: 'PUT',
    path: () => `/api/admin/builds/${buildId}`,
    body: () => buildWithComponent({ id: '__hostile__' }),
    outcome: integerOutcome('components.0.id', /^Componente 1: Id del componente non valido$/),
  },
  {
    name: 'POST alternative price',
    method: 'POST',
    path: () => '/api/admin/alternatives',
    body: () => ({ originalAsin: 'B0BMQJWBDM', alternativeAsin: nextAsin(), alternativeName: 'Alternativa', alternativePrice: '__hostile__' }),
    outcome: euroOutcome('alternativePrice', PRICE_MESSAGE, 201, (b) => b.alternative.alternative_price),
  },
  {
    name: 'POST alternative priority',
    method: 'POST',
    path: () => '/api/admin/alternatives',
    body: () => ({ originalAsin: 'B0BMQJWBDM', alternativeAsin: nextAsin(), alternativeName: 'Alternativa', priority: '__hostile__' }),
    outcome: priorityOutcome(201),
  },
  {
    name: 'POST category member price',
    method: 'POST',
    path: () => `/api/admin/alternative-categories/${categoryId}/alternatives`,
    body: () => ({ alternativeAsin: nextAsin(), alternativeName: 'Membro', alternativePrice: '__hostile__' }),
    outcome: euroOutcome('alternativePrice', PRICE_MESSAGE, 201, (b) => b.alternative.alternative_price),
  },
  {
    name: 'POST category member priority',
    method: 'POST',
    path: () => `/api/admin/alternative-categories/${categoryId}/alternatives`,
    body: () => ({ alternativeAsin: nextAsin(), alternativeName: 'Membro', priority: '__hostile__' }),
    outcome: priorityOutcome(201),
  },
  {
    name: 'PUT alternative price (snake_case)',
    method: 'PUT',
    path: () => `/api/admin/alternatives/${alternativeId}`,
    body: () => ({ alternative_asin: 'B0ALT00001', alternative_name: 'Alternativa', alternative_price: '__hostile__' }),
    outcome: euroOutcome('alternativePrice', PRICE_MESSAGE, 200, (b) => b.alternative.alternative_price),
  },
  {
    name: 'PUT alternative priority',
    method: 'PUT',
    path: () => `/api/admin/alternatives/${alternativeId}`,
    body: () => ({ alternativeAsin: 'B0ALT00001', alternativeName: 'Alternativa', priority: '__hostile__' }),
    outcome: priorityOutcome(200),
  },
];

describe('JSON bodies with hostile numbers', () => {
  const cases = BODY_CASES.flatMap((bodyCase) => HOSTILE_JSON.map((value) => ({ ...bodyCase, value })));

  it.each(cases)('$name = $value answers 400 or the documented fallback, never 500', async ({ method, path, body, outcome, value }) => {
    const response = await ctx.request(method, path(), {
      token,
      rawBody: withRawValue(body(), value),
      headers: { 'Content-Type': 'application/json' },
    });
    const expected = outcome(value);
    if (expected.status === 400) {
      expectItalianError(response, 400, value);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.message).toMatch(expected.message);
      expect(response.body.error.fields).toHaveProperty([expected.field]);
    } else {
      expect(response.status, JSON.stringify(response.body)).toBe(expected.status);
      expected.check?.(response.body);
    }
  });

  it('stores the largest accepted amount exactly, in cents', async () => {
    const response = await ctx.request('POST', '/api/admin/builds', { token, body: buildWithComponent({ price: MAX_EURO }) });
    expect(response.status).toBe(201);
    const component = response.body.build.components.find((c: any) => c.name === 'AMD Ryzen 5 7600');
    expect(component.price).toBe(MAX_EURO);
    const row = await ctx.database.db.selectFrom('components').select('price_cents').where('id', '=', component.id).executeTakeFirstOrThrow();
    expect(Number(row.price_cents)).toBe(MAX_EURO * 100);
  });
});

// ---------------------------------------------------------------------------------------------------
// Route ids: a value that is not a row id names no resource (404), whatever the route

const HOSTILE_IDS = ['1e300', '-1', 'NaN', 'Infinity', '9007199254740993', 'abc', '1.5', '0x10', '0', String(MAX_ROW_ID + 1), '99999999999999999999'];

const ID_ROUTES: { method: string; path: (id: string) => string; body?: unknown }[] = [
  { method: 'GET', path: (id) => `/api/admin/builds/${id}` },
  { method: 'PUT', path: (id) => `/api/admin/builds/${id}`, body: sampleBuild() },
  { method: 'DELETE', path: (id) => `/api/admin/builds/${id}` },
  { method: 'POST', path: (id) => `/api/admin/builds/${id}/update-prices` },
  { method: 'POST', path: (id) => `/api/admin/builds/${id}/smart-replacement` },
  { method: 'GET', path: (id) => `/api/admin/alternative-categories/${id}` },
  { method: 'PUT', path: (id) => `/api/admin/alternative-categories/${id}`, body: { name: 'Nome' } },
  { method: 'DELETE', path: (id) => `/api/admin/alternative-categories/${id}` },
  { method: 'GET', path: (id) => `/api/admin/alternative-categories/${id}/alternatives` },
  { method: 'POST', path: (id) => `/api/admin/alternative-categories/${id}/alternatives`, body: { alternativeAsin: 'B0ALT00009', alternativeName: 'Membro' } },
  { method: 'PUT', path: (id) => `/api/admin/alternatives/${id}`, body: { alternativeAsin: 'B0ALT00009', alternativeName: 'Membro' } },
  { method: 'DELETE', path: (id) => `/api/admin/alternatives/${id}` },
  { method: 'POST', path: (id) => `/api/admin/replacements/${id}/restore` },
];

describe('route ids with hostile numbers', () => {
  const cases = ID_ROUTES.flatMap((route) => HOSTILE_IDS.map((id) => ({ ...route, id, label: `${route.method} ${route.path(id)}` })));

  it.each(cases)('$label answers 404, never 500', async ({ method, path, body, id }) => {
    const response = await ctx.request(method, path(encodeURIComponent(id)), { token, ...(body !== undefined && { body }) });
    expectItalianError(response, 404, `${method} ${id}`);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });

  it('finds nothing, without an error, at the largest id', async () => {
    const response = await ctx.request('GET', `/api/admin/builds/${MAX_ROW_ID}`, { token });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('Build non trovata');
  });
});

// ---------------------------------------------------------------------------------------------------
// Public page loaders: the home filters take known ids only; anything else is ignored (documented fallback)

describe('home page filters with hostile values', () => {
  it.each(['1e300', '-1', 'NaN', 'Infinity', '9007199254740993', '', 'abc', '1.5', '800-1500x', '0', '01'])('budget, categoria and pagina=%s show the first unfiltered page', async (value) => {
    const hostile = encodeURIComponent(value);
    const url = new URL(`http://localhost/?budget=${hostile}&categoria=${hostile}&pagina=${hostile}`);
    const args = { request: new Request(url), url, pattern: '/', params: {}, context: { services: ctx.services, config: ctx.config, scriptNonce: 'unused-by-loaders', clientIp: '127.0.0.1' } };
    const data = await homeLoader(args);
    expect(data.query).toEqual({ category: null, budget: null, page: 1 });
    expect(data.builds.map((b: { id: number }) => b.id)).toContain(buildId);
  });
});
