/**
 * The site search (decision 033) through GET /api/builds?q=, on both databases: Italian
 * stemming and accent folding, ranking (title > description > article and parts, then newest), only
 * public builds (a scheduled one from its publish_at), hostile query texts never a 500, and the index in
 * step with every kind of write: the editor's save, a component change, a smart replacement and its
 * restore, a revision's restore, a backup's restore, a delete.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackup, restoreBackup } from '../../src/modules/backup';
import { createUploadStorage } from '../../src/modules/media';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { databaseUrl, startAppServers } from '../helpers/app-servers';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const MINUTE = 60_000;
let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  // No page cache: these tests move the clock past a publish_at, which the cache's own timer does not see
  // (tests/publishing/scheduled-publishing.test.ts tests that timer); here every answer comes from the index.
  ctx = await createTestContext({ ...retailerEnv(fake), PAGE_CACHE_MB: '0' });
  token = await ctx.login();
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

beforeEach(async () => {
  const db = ctx.database.db;
  await db.deleteFrom('replacements').execute();
  await db.deleteFrom('alternatives').execute();
  await db.deleteFrom('components').execute();
  await db.deleteFrom('builds').execute();
  ctx.clock.offsetMs = 0;
});

/** A build through the admin API (published unless overridden); the clock then moves on a minute. */
async function createBuild(overrides: Record<string, unknown> = {}) {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ components: [], ...overrides }) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  ctx.clock.advance(MINUTE);
  return response.body.build;
}

async function saveBuild(id: number, overrides: Record<string, unknown>) {
  const response = await ctx.request('PUT', `/api/admin/builds/${id}`, { token, body: sampleBuild({ components: [], ...overrides }) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.build;
}

async function search(q: string, extra = ''): Promise<string[]> {
  const response = await ctx.request('GET', `/api/builds?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.builds.map((build: { title: string }) => build.title);
}

describe('Italian words', () => {
  it('finds plural and singular alike (schede, scheda) in every part of a build', async () => {
    await createBuild({ title: 'Build con due schede video', description: 'Niente di speciale.' });
    await createBuild({ title: 'Build per ufficio', description: 'Silenziosa.' });
    expect(await search('scheda video')).toEqual(['Build con due schede video']);
    expect(await search('schede')).toEqual(['Build con due schede video']);
    expect(await search('SCHEDA')).toEqual(['Build con due schede video']);
  });

  it('folds accents: perche finds Perché and Perché finds perche', async () => {
    await createBuild({ title: 'Perché scegliere AMD', description: 'Una guida.' });
    await createBuild({ title: 'Ecco perche Intel', description: 'Senza accento.' });
    expect(new Set(await search('perche'))).toEqual(new Set(['Perché scegliere AMD', 'Ecco perche Intel']));
    expect(new Set(await search('PERCHÉ'))).toEqual(new Set(['Perché scegliere AMD', 'Ecco perche Intel']));
    expect(await search('città')).toEqual([]);
  });

  it('requires every word of the search (AND), stop words aside', async () => {
    await createBuild({ title: 'Workstation per il rendering', description: 'Con Ryzen 9.' });
    await createBuild({ title: 'Workstation per la musica', description: 'Con Ryzen 7.' });
    expect(await search('workstation rendering')).toEqual(['Workstation per il rendering']);
    expect(await search('la workstation per il rendering')).toEqual(['Workstation per il rendering']);
    expect(await search('workstation fotografia')).toEqual([]);
  });

  it('searches the article text and the component names, not the links in the article', async () => {
    await createBuild({
      title: 'Build A',
      content: 'Il dissipatore tiene la CPU fresca. [Vedi su Amazon](https://www.amazon.it/dp/B0ZZZZZZZZ)',
      components: [{ type: 'GPU', name: 'Radeon RX 9070 XT', brand: 'Sapphire', price: 699, amazon_link: 'https://www.amazon.it/dp/B0ABCDEFGH' }],
    });
    expect(await search('dissipatori')).toEqual(['Build A']);
    expect(await search('radeon 9070')).toEqual(['Build A']);
    expect(await search('sapphire')).toEqual(['Build A']);
    expect(await search('B0ZZZZZZZZ')).toEqual([]);
  });
});

describe('ranking', () => {
  it('puts a title match above a description match above an article or part match, whatever their age', async () => {
    // Created oldest first in the order they must come out: newest-first alone would reverse them.
    await createBuild({ title: 'Build silenziosa con ventola', description: 'Per lo studio.' });
    await createBuild({ title: 'Build da studio', description: 'Una ventola grande e lenta.' });
    await createBuild({ title: 'Build compatta', description: 'Piccola.', content: 'La ventola posteriore è da 120 mm.' });
    await createBuild({
      title: 'Build economica',
      description: 'Costa poco.',
      components: [{ type: 'Cooler', name: 'Ventola Arctic P12', price: 9 }],
    });
    const titles = await search('ventole');
    expect(titles.slice(0, 2)).toEqual(['Build silenziosa con ventola', 'Build da studio']);
    expect(new Set(titles.slice(2))).toEqual(new Set(['Build compatta', 'Build economica']));
  });

  it('orders equal matches newest first and pages through them without overlap', async () => {
    for (const n of [1, 2, 3, 4, 5]) await createBuild({ title: `Build gaming numero ${n}`, description: 'Uguale.' });
    expect(await search('gaming')).toEqual([5, 4, 3, 2, 1].map((n) => `Build gaming numero ${n}`));
    expect(await search('gaming', '&limit=2&offset=2')).toEqual(['Build gaming numero 3', 'Build gaming numero 2']);
    expect(await search('gaming', '&limit=2&offset=10')).toEqual([]);
  });

  it('applies the category and budget filters', async () => {
    await createBuild({ title: 'Editing economico', category: 'editing', budget: 800 });
    await createBuild({ title: 'Editing potente', category: 'editing', budget: 2500 });
    await createBuild({ title: 'Gaming editing', category: 'gaming', budget: 900 });
    expect(await search('editing', '&category=editing&maxBudget=1000')).toEqual(['Editing economico']);
    expect(new Set(await search('editing', '&minBudget=850'))).toEqual(new Set(['Editing potente', 'Gaming editing']));
  });
});

describe('only public builds', () => {
  it('never finds a draft, and finds a scheduled build from its publish_at on', async () => {
    await createBuild({ title: 'Zanzara bozza', status: 'draft' });
    const publishAt = new Date(ctx.clock.now().getTime() + 60 * MINUTE).toISOString();
    await createBuild({ title: 'Zanzara programmata', status: 'scheduled', publish_at: publishAt });
    await createBuild({ title: 'Zanzara pubblicata' });
    expect(await search('zanzara')).toEqual(['Zanzara pubblicata']);
    ctx.clock.advance(61 * MINUTE); // past publish_at: no job has run, the search applies the rule itself
    expect(await search('zanzara')).toEqual(['Zanzara programmata', 'Zanzara pubblicata']);
  });
});

describe('any query text', () => {
  const HOSTILE = [
    '"',
    '"""',
    "'; drop table builds; --",
    'NEAR(gaming build, 2)',
    'gaming AND OR NOT',
    'gam*',
    '^gaming',
    'title:gaming',
    '-gaming',
    '(gaming',
    'gaming)',
    '{title}: gaming',
    '!&|<->:*',
    'gaming\u0000build',
    '\u0000',
    '😀 gaming 🎮',
    '%_\\',
    'a'.repeat(300),
    'gaming '.repeat(42).trim(),
    'il la di e per',
  ];

  it.each(HOSTILE.map((q) => [JSON.stringify(q).slice(0, 40), encodeURIComponent(q)]))('answers %s with 200 (results or none) or an Italian 400, never a 500', async (_label, encoded) => {
    await createBuild({ title: 'Build gaming' });
    const response = await ctx.request('GET', `/api/builds?q=${encoded}`);
    // U+0000 anywhere in an address is refused before any route (400, "carattere non ammesso").
    if (response.status === 400) expect(response.body.error.message).toMatch(/carattere non ammesso|Ricerca/);
    else expect(Array.isArray(response.body.builds), JSON.stringify(response.body)).toBe(true);
    expect(response.status).toBeLessThan(500);
  });

  it.each([['a lone surrogate', '%ED%A0%80'], ['bytes that are not UTF-8', '%FF%FE'], ['a stray percent', '%']])('answers %s with 200 or 400, never a 500', async (_label, raw) => {
    const response = await ctx.request('GET', `/api/builds?q=gaming${raw}`);
    expect([200, 400]).toContain(response.status);
  });

  it('finds the words among the operators: quotes and operators are plain text', async () => {
    await createBuild({ title: 'Build gaming' });
    expect(await search('"gaming"')).toEqual(['Build gaming']);
    expect(await search('gaming*')).toEqual(['Build gaming']);
    expect(await search('😀 gaming')).toEqual(['Build gaming']);
  });

  it('finds nothing for only stop words or punctuation', async () => {
    await createBuild({ title: 'Il PC per la casa' });
    expect(await search('il la per')).toEqual([]);
    expect(await search('?!…')).toEqual([]);
  });

  it('refuses a text over 300 characters with an Italian 400', async () => {
    const response = await ctx.request('GET', `/api/builds?q=${'a'.repeat(301)}`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('Ricerca troppo lunga');
  });
});

describe('the index follows every write', () => {
  it("follows the editor's save: the new title is found, the old one no longer", async () => {
    const build = await createBuild({ title: 'Build arancione' });
    await saveBuild(build.id, { title: 'Build turchese', description: 'Nuova descrizione lilla.' });
    expect(await search('arancione')).toEqual([]);
    expect(await search('turchese')).toEqual(['Build turchese']);
    expect(await search('lilla')).toEqual(['Build turchese']);
  });

  it('follows a component change: a renamed part, an added one, a removed one', async () => {
    const build = await createBuild({ title: 'Build parti', components: [{ type: 'CPU', name: 'Ryzen 7 9800X3D', price: 479 }] });
    const cpu = build.components[0];
    await saveBuild(build.id, {
      title: 'Build parti',
      components: [
        { id: cpu.id, type: 'CPU', name: 'Core Ultra 7 265K', price: 399 },
        { type: 'RAM', name: 'Kingston Fury Beast', price: 120 },
      ],
    });
    expect(await search('9800X3D')).toEqual([]);
    expect(await search('265K')).toEqual(['Build parti']);
    expect(await search('kingston')).toEqual(['Build parti']);
  });

  it('follows a revision restore', async () => {
    const build = await createBuild({ title: 'Build smeraldo' });
    await saveBuild(build.id, { title: 'Build rubino' });
    const revisions = await ctx.request('GET', `/api/admin/builds/${build.id}/revisions`, { token });
    const first = revisions.body.revisions.at(-1);
    const restored = await ctx.request('POST', `/api/admin/builds/${build.id}/revisions/${first.id}/restore`, { token });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await search('smeraldo')).toEqual(['Build smeraldo']);
    expect(await search('rubino')).toEqual([]);
  });

  it('follows a smart replacement and the restore of the replaced part', async () => {
    const cpu = 'B0SRCHCPU1';
    const substitute = 'B0SRCHALT1';
    fake.setItem({ asin: cpu, title: `Prodotto ${cpu}`, brand: 'AMD', price: 199.9, availability: 'OUT_OF_STOCK' });
    fake.setItem({ asin: substitute, title: `Prodotto ${substitute}`, brand: 'AMD', price: 209.9, availability: 'IN_STOCK' });
    const added = await ctx.request('POST', '/api/admin/alternatives', { token, body: { originalAsin: cpu, alternativeAsin: substitute, alternativeName: 'Processore Sostitutivo Granito', priority: 1 } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const build = await createBuild({ title: 'Build sostituzione', components: [{ type: 'CPU', name: 'Processore Originale Basalto', price: 199.9, amazon_link: `https://www.amazon.it/dp/${cpu}` }] });

    const run = await ctx.request('POST', `/api/admin/builds/${build.id}/smart-replacement`, { token });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.summary.replaced).toBe(1);
    expect(await search('granito')).toEqual(['Build sostituzione']);
    expect(await search('basalto')).toEqual([]);

    const records = await ctx.request('GET', '/api/admin/replacements', { token });
    const restore = await ctx.request('POST', `/api/admin/replacements/${records.body.replacements[0].id}/restore`, { token });
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    expect(await search('basalto')).toEqual(['Build sostituzione']);
    // The restored part offers the substitute again as its curated alternative: the build is found by it (decision 041).
    expect(await search('granito')).toEqual(['Build sostituzione']);
    expect(await search('sostitutivo granito basalto')).toEqual(['Build sostituzione']);
  });

  it('forgets a deleted build', async () => {
    const build = await createBuild({ title: 'Build cancellata ametista' });
    expect(await search('ametista')).toEqual(['Build cancellata ametista']);
    const deleted = await ctx.request('DELETE', `/api/admin/builds/${build.id}`, { token });
    expect(deleted.status).toBeLessThan(300);
    expect(await search('ametista')).toEqual([]);
    const rows = ctx.database.dialect === 'postgres' ? await ctx.database.db.selectFrom('build_search' as any).select('build_id' as any).execute() : await ctx.database.db.selectFrom('build_search' as any).select('rowid' as any).execute();
    expect(rows).toEqual([]);
  });

  it("follows a backup's restore: the archive's text is found, the text written since is not", async () => {
    const build = await createBuild({ title: 'Build zaffiro' });
    const dir = mkdtempSync(join(tmpdir(), 'buildpc-search-backup-'));
    try {
      const archive = join(dir, 'site.ndjson.gz');
      const storage = createUploadStorage({ config: ctx.config, db: ctx.database.db });
      const deps = { db: ctx.database.db, dialect: ctx.database.dialect, storage, clock: ctx.clock };
      await createBackup(deps, archive, { withUsers: false });
      await saveBuild(build.id, { title: 'Build topazio' });
      expect(await search('topazio')).toEqual(['Build topazio']);
      await restoreBackup(deps, archive, { force: true });
      expect(await search('zaffiro')).toEqual(['Build zaffiro']);
      expect(await search('topazio')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stays one entry a build, each with its last text, under parallel creates and saves from two processes', async () => {
    const servers = await startAppServers(databaseUrl(ctx.config.database), 2);
    try {
      const send = async (n: number, method: string, path: string, body: unknown) => {
        const response = await fetch(`${servers.urls[n % 2]}${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      };
      const woods = ['quercia', 'betulla', 'acero', 'frassino', 'castagno', 'ontano'];
      const created = await Promise.all(
        woods.map(async (wood, n) => {
          const response = await send(n, 'POST', '/api/admin/builds', sampleBuild({ components: [], title: `Build ${wood}` }));
          expect(response.status, JSON.stringify(response.body)).toBe(201);
          return response.body.build as { id: number };
        }),
      );
      // Each build saved from both processes at once: whichever commits last wins, and its index entry
      // must say what its row says.
      const saves = created.flatMap((build, i) =>
        [0, 1].map((n) => send(n, 'PUT', `/api/admin/builds/${build.id}`, sampleBuild({ components: [], title: `Nuova ${woods[i]} ${n === 0 ? 'rossa' : 'verde'}` }))),
      );
      for (const response of await Promise.all(saves)) expect(response.status, JSON.stringify(response.body)).toBe(200);
      const stored = await ctx.database.db.selectFrom('builds').select(['id', 'title']).execute();
      expect(stored).toHaveLength(woods.length);
      for (const build of stored) expect(await search(build.title)).toEqual([build.title]);
      expect((await search('rossa')).length + (await search('verde')).length).toBe(woods.length);
      const entries = ctx.database.dialect === 'postgres' ? await ctx.database.db.selectFrom('build_search' as any).select('build_id' as any).execute() : await ctx.database.db.selectFrom('build_search' as any).select('rowid' as any).execute();
      expect(entries).toHaveLength(woods.length);
    } finally {
      await servers.stop();
    }
  }, 60_000);
});
