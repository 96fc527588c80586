/**
 * Single-line text on every write path (common/single-line.ts, decision 037), on SQLite and PostgreSQL:
 * a build's title and meta fields, a part's type, name, brand and model, an alternative's and a group's
 * name arrive with CR, LF, tabs, C1 controls or line separators and are stored on one line; the
 * multi-line fields (description, article, specs) keep their breaks; a title of breaks alone is refused
 * in Italian. The retailer's answers (Amazon Creators API, over real HTTP from the fake) are untrusted
 * too: their names and bullet points reach the author, the importer and the build on one line. A
 * revision stored with a broken title is restored on one line.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const ASIN = 'B0BMQJWBDM';
let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  ctx = await createTestContext(retailerEnv(fake));
  token = await ctx.login();
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.setItem({
    asin: ASIN,
    title: 'AMD Ryzen 5\r\n7600\u2028 Processore',
    brand: 'AMD\n',
    price: 199.9,
    availability: 'IN_STOCK',
    features: ['6 core\r\n12 thread', '\u0085Socket AM5\t'],
  });
});

const BROKEN_BUILD = {
  title: ' PC da\r\ngaming\u2028 2026\t',
  description: 'Prima riga\nseconda riga',
  content: '## Titolo\r\n\r\nTesto',
  meta_title: 'Meta\r\ntitolo',
  meta_description: 'Una\u2029descrizione\u0085breve',
  components: [
    { type: 'CPU\n', name: 'AMD Ryzen 5\r\n7600', brand: 'AMD\t', model: '\r\n', specs: '6 core\n12 thread', price: 199.9, amazon_link: `https://www.amazon.it/dp/${ASIN}` },
  ],
};

describe('single-line text on write', () => {
  it('a build and its parts are stored on one line where a line break means nothing, and keep it where it does', async () => {
    const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(BROKEN_BUILD) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const build = created.body.build;
    expect(build).toMatchObject({
      title: 'PC da gaming 2026',
      description: 'Prima riga\nseconda riga',
      content: '## Titolo\r\n\r\nTesto',
      meta_title: 'Meta titolo',
      meta_description: 'Una descrizione breve',
    });
    expect(build.components[0]).toMatchObject({ type: 'CPU', name: 'AMD Ryzen 5 7600', brand: 'AMD', model: null, specs: '6 core\n12 thread' });
    // The slug is made from the normalised title.
    expect(build.slug).toBe('pc-da-gaming-2026');
    const stored = await ctx.database.db.selectFrom('builds').select(['title', 'meta_title']).where('id', '=', build.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: 'PC da gaming 2026', meta_title: 'Meta titolo' });

    const saved = await ctx.request('PUT', `/api/admin/builds/${build.id}`, { token, body: sampleBuild({ ...BROKEN_BUILD, title: 'Nuovo\r\n\r\ntitolo' }) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.build.title).toBe('Nuovo titolo');
    // The revision list names it on one line too.
    const revisions = await ctx.request('GET', `/api/admin/builds/${build.id}/revisions`, { token });
    expect(revisions.body.revisions.map((r: { title: string }) => r.title)).toEqual(['Nuovo titolo', 'PC da gaming 2026']);
  });

  it('a title or a part name of line breaks alone is refused with an Italian 400, nothing written', async () => {
    const before = await ctx.database.db.selectFrom('builds').select('id').execute();
    const title = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: '\r\n\u2028\t ' }) });
    expect(title.status).toBe(400);
    expect(title.body.error.message).toContain('Il titolo è obbligatorio');
    const name = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ components: [{ type: 'CPU', name: '\r\n' }] }) });
    expect(name.status).toBe(400);
    expect(name.body.error.message).toContain('Il nome del componente è obbligatorio');
    expect(await ctx.database.db.selectFrom('builds').select('id').execute()).toEqual(before);
  });

  it('alternative groups and alternatives get their names on one line; a group description keeps its breaks', async () => {
    const group = await ctx.request('POST', '/api/admin/alternative-categories', {
      token,
      body: { name: 'Processori\r\nAM5', description: 'Riga uno\nriga due', component_type: 'CPU' },
    });
    expect([200, 201]).toContain(group.status);
    const stored = await ctx.database.db.selectFrom('alternative_categories').select(['id', 'name', 'description']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Processori AM5', description: 'Riga uno\nriga due' });

    const member = await ctx.request('POST', `/api/admin/alternative-categories/${stored.id}/alternatives`, {
      token,
      body: { alternativeAsin: 'B0F1XYZ123', alternativeName: 'Ryzen\u20289\r\n9950X', priority: 1 },
    });
    expect([200, 201]).toContain(member.status);
    const tied = await ctx.request('POST', '/api/admin/alternatives', {
      token,
      body: { originalAsin: ASIN, alternativeAsin: 'B0C1234567', alternativeName: 'Ryzen 7\n7700', priority: 2 },
    });
    expect([200, 201]).toContain(tied.status);
    const names = await ctx.database.db.selectFrom('alternatives').select('alternative_name').orderBy('id').execute();
    expect(names.map((row) => row.alternative_name)).toEqual(['Ryzen 9 9950X', 'Ryzen 7 7700']);

    const blank = await ctx.request('POST', '/api/admin/alternative-categories', { token, body: { name: ' \r\n ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toContain('Il nome della categoria è obbligatorio');
  });
});

describe("the retailer's answers", () => {
  it('a product lookup gives the author its name, brand and bullet points on one line', async () => {
    const response = await ctx.request('GET', `/api/admin/retailer/items/${ASIN}`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.item).toMatchObject({ title: 'AMD Ryzen 5 7600 Processore', brand: 'AMD', features: ['6 core 12 thread', 'Socket AM5'] });
  });

  it('the cart importer names the parts on one line', async () => {
    const response = await ctx.request('POST', '/api/admin/import-amazon', { token, body: { cartUrl: `https://www.amazon.it/gp/aws/cart/add.html?ASIN.1=${ASIN}&Quantity.1=1` } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.components[0]).toMatchObject({ name: 'AMD Ryzen 5 7600 Processore', brand: 'AMD' });
  });
});

describe('restoring what was stored before', () => {
  it('a revision whose snapshot holds a broken title and part name is restored on one line', async () => {
    const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Da ripristinare' }) });
    expect(created.status).toBe(201);
    const id = created.body.build.id as number;
    const [revision] = await ctx.database.db.selectFrom('build_revisions').select(['id', 'snapshot']).where('build_id', '=', id).execute();
    const snapshot = JSON.parse(revision!.snapshot) as { build: Record<string, unknown>; components: Record<string, unknown>[] };
    snapshot.build.title = 'Vecchio\r\ntitolo';
    snapshot.build.meta_title = '\r\n';
    snapshot.components[0]!.name = 'Vecchio\nprocessore';
    await ctx.database.db.updateTable('build_revisions').set({ snapshot: JSON.stringify(snapshot) }).where('id', '=', revision!.id).execute();

    const restored = await ctx.request('POST', `/api/admin/builds/${id}/revisions/${revision!.id}/restore`, { token });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.build.title).toBe('Vecchio titolo');
    expect(restored.body.build.meta_title).toBeNull();
    expect(restored.body.build.components.map((c: { name: string }) => c.name)).toContain('Vecchio processore');
  });
});
