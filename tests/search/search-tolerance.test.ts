/**
 * The site search's tolerance (decision 041) through GET /api/builds?q= and the admin API, on both databases:
 * the last word as a prefix, letters split from digits, negated phrases left out, the curated alternatives a
 * build offers found by their names and followed when they change, and the author's synonyms (their admin
 * API, its Italian refusals, and the query expansion).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../src/db/seed';
import { databaseUrl, startAppServers } from '../helpers/app-servers';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const MINUTE = 60_000;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext({ PAGE_CACHE_MB: '0' });
  token = await ctx.login();
});
afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  const db = ctx.database.db;
  await db.deleteFrom('replacements').execute();
  await db.deleteFrom('alternatives').execute();
  await db.deleteFrom('alternative_categories').execute();
  await db.deleteFrom('components').execute();
  await db.deleteFrom('builds').execute();
  await db.deleteFrom('search_synonyms').execute();
});

async function createBuild(overrides: Record<string, unknown> = {}) {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ components: [], description: 'Niente di speciale.', ...overrides }) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  ctx.clock.advance(MINUTE);
  return response.body.build as { id: number; title: string };
}

async function search(q: string): Promise<string[]> {
  const response = await ctx.request('GET', `/api/builds?q=${encodeURIComponent(q)}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.builds.map((build: { title: string }) => build.title).sort();
}

async function admin(method: string, path: string, body?: unknown) {
  return ctx.request(method, `/api/admin${path}`, { token, body });
}

describe('prefix and letters beside digits', () => {
  it('finds by the beginning of the last word only', async () => {
    await createBuild({ title: 'PC con Ryzen 7', description: 'Per giocare.' });
    await createBuild({ title: 'PC con Core Ultra', description: 'Per lavorare.' });
    expect(await search('ryz')).toEqual(['PC con Ryzen 7']);
    expect(await search('RYZE')).toEqual(['PC con Ryzen 7']);
    expect(await search('lavor')).toEqual(['PC con Core Ultra']);
    // Only the last word: a beginning elsewhere is a whole word that matches nothing.
    expect(await search('ryz giocare')).toEqual([]);
    // Two letters are matched whole: "co" is not a prefix of "core".
    expect(await search('co')).toEqual([]);
  });

  it('reads a model written joined or apart alike', async () => {
    await createBuild({ title: 'Build RTX 5070 per il 1440p' });
    await createBuild({ title: 'Build RTX5080 compatta' });
    expect(await search('RTX5070')).toEqual(['Build RTX 5070 per il 1440p']);
    expect(await search('rtx 5080')).toEqual(['Build RTX5080 compatta']);
    expect(await search('1440p')).toEqual(['Build RTX 5070 per il 1440p']);
    expect(await search('rtx')).toEqual(['Build RTX 5070 per il 1440p', 'Build RTX5080 compatta']);
  });
});

describe('negated phrases', () => {
  it('does not count "senza scheda video" as a match for "schede video"', async () => {
    await createBuild({ title: 'PC da ufficio senza scheda video', description: 'La grafica integrata basta.' });
    await createBuild({ title: 'Build con due schede video', description: 'Per il rendering.' });
    await createBuild({ title: 'Build silenziosa', description: 'Senza la ventola del processore, scheda video passiva.' });
    expect(await search('schede video')).toEqual(['Build con due schede video', 'Build silenziosa']);
    expect(await search('ventola')).toEqual([]);
    // The rest of the text is searched as before.
    expect(await search('ufficio')).toEqual(['PC da ufficio senza scheda video']);
    expect(await search('grafica integrata')).toEqual(['PC da ufficio senza scheda video']);
    // A search asking for the absence searches its other words.
    expect(await search('ufficio senza scheda video')).toEqual(['PC da ufficio senza scheda video']);
  });
});

describe('curated alternatives', () => {
  const GPU = 'B0GPUORIG1';

  it("finds a build by the name of an alternative its part offers, and follows the alternative's changes", async () => {
    await createBuild({ title: 'Build 1440p', components: [{ type: 'GPU', name: 'GeForce RTX 5070', price: 559, amazon_link: `https://www.amazon.it/dp/${GPU}` }] });
    await createBuild({ title: 'Build ufficio', components: [{ type: 'CPU', name: 'Core i5', price: 150 }] });
    expect(await search('rx 9060')).toEqual([]);

    const added = await admin('POST', '/alternatives', { originalAsin: GPU, alternativeAsin: 'B0RX906001', alternativeName: 'XFX Swift Radeon RX 9060 XT 8GB', priority: 1 });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await search('rx 9060')).toEqual(['Build 1440p']);
    expect(await search('RX9060')).toEqual(['Build 1440p']);

    const renamed = await admin('PUT', `/alternatives/${added.body.alternative.id}`, { alternativeAsin: 'B0RX906001', alternativeName: 'Intel Arc B580 Challenger', priority: 1 });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await search('rx 9060')).toEqual([]);
    expect(await search('arc b580')).toEqual(['Build 1440p']);

    expect((await admin('DELETE', `/alternatives/${added.body.alternative.id}`)).status).toBe(200);
    expect(await search('arc b580')).toEqual([]);
  });

  it('finds every build with a part of a category type by the names of its members', async () => {
    await createBuild({ title: 'Build A', components: [{ type: 'GPU', name: 'GeForce RTX 5070', price: 559 }] });
    await createBuild({ title: 'Build B', components: [{ type: 'gpu', name: 'Radeon RX 9070', price: 579 }] });
    await createBuild({ title: 'Build C', components: [{ type: 'Storage', name: 'Samsung 990 PRO', price: 109 }] });
    const category = await admin('POST', '/alternative-categories', { name: 'Schede video', description: 'Di ricambio.', component_type: 'GPU' });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const member = await admin('POST', `/alternative-categories/${category.body.category.id}/alternatives`, { alternativeAsin: 'B0PWRCLR01', alternativeName: 'PowerColor Reaper', priority: 1 });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    expect(await search('powercolor')).toEqual(['Build A', 'Build B']);

    // Another type: the members move to the builds of that type.
    const moved = await admin('PUT', `/alternative-categories/${category.body.category.id}`, { name: 'SSD', description: 'Di ricambio.', component_type: 'Storage' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await search('powercolor')).toEqual(['Build C']);

    expect((await admin('DELETE', `/alternative-categories/${category.body.category.id}`)).status).toBe(200);
    expect(await search('powercolor')).toEqual([]);
  });
});

describe('synonyms', () => {
  it('finds the builds of every phrase of a group, both ways, and phrases of several words', async () => {
    await createBuild({ title: 'Build GeForce per giocare' });
    await createBuild({ title: 'Build con scheda video potente' });
    await createBuild({ title: 'Build con GPU AMD' });
    for (const phrases of ['nvidia, geforce', 'scheda video, gpu']) {
      const created = await admin('POST', '/search-synonyms', { phrases });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    expect(await search('nvidia')).toEqual(['Build GeForce per giocare']);
    expect(await search('geforce')).toEqual(['Build GeForce per giocare']);
    expect(await search('schede video')).toEqual(['Build con GPU AMD', 'Build con scheda video potente']);
    expect(await search('gpu amd')).toEqual(['Build con GPU AMD']);
    expect(await search('gpu potente')).toEqual(['Build con scheda video potente']);
  });

  it('makes the acronym AI, a stop word in lower case, meet IA when the group writes it in capitals', async () => {
    await createBuild({ title: "PC per l'AI locale", description: 'Con tanta memoria.' });
    await createBuild({ title: 'Workstation IA', description: 'Per i modelli.' });
    await createBuild({ title: 'PC per giocare', description: 'Adatto ai giochi.' });
    // Without a group, "ai" is the preposition: the search ignores it.
    expect(await search('ai')).toEqual([]);
    expect((await admin('POST', '/search-synonyms', { phrases: 'IA, AI, intelligenza artificiale' })).status).toBe(201);
    expect(await search('ai')).toEqual(["PC per l'AI locale", 'Workstation IA']);
    expect(await search('IA')).toEqual(["PC per l'AI locale", 'Workstation IA']);
    expect(await search('ai memoria')).toEqual(["PC per l'AI locale"]);
    // The lower-case preposition in a text is never the acronym.
    expect(await search('ai giochi')).toEqual([]);
  });

  it('lists, edits and deletes groups; a change applies to the next search', async () => {
    await createBuild({ title: 'Build per la IA locale' });
    expect(await search('intelligenza artificiale')).toEqual([]);
    const created = await admin('POST', '/search-synonyms', { phrases: ' IA ,  Intelligenza   artificiale ' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.synonym.phrases).toEqual(['IA', 'Intelligenza artificiale']);
    expect(await search('intelligenza artificiale')).toEqual(['Build per la IA locale']);

    const listed = await admin('GET', '/search-synonyms');
    expect(listed.body.synonyms.map((group: { phrases: string[] }) => group.phrases)).toEqual([['IA', 'Intelligenza artificiale']]);

    const edited = await admin('PUT', `/search-synonyms/${created.body.synonym.id}`, { phrases: 'ia, machine learning' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await search('intelligenza artificiale')).toEqual([]);
    expect(await search('machine learning')).toEqual(['Build per la IA locale']);

    expect((await admin('DELETE', `/search-synonyms/${created.body.synonym.id}`)).status).toBe(200);
    expect(await search('machine learning')).toEqual([]);
    expect((await admin('DELETE', `/search-synonyms/${created.body.synonym.id}`)).status).toBe(404);
    expect((await admin('PUT', `/search-synonyms/${created.body.synonym.id}`, { phrases: 'a1, b1' })).status).toBe(404);
  });

  it.each([
    ['', 'Scrivi almeno due parole'],
    ['nvidia', 'almeno due parole o espressioni'],
    ['nvidia, di', '«di» contiene solo parole che la ricerca ignora'],
    ['schede video, scheda video', 'sono la stessa parola per la ricerca'],
    ['uno, due, tre, quattro, cinque, sei, sette, otto, nove', 'Al massimo 8'],
    ['nvidia, una scheda video molto potente', 'ha troppe parole'],
    [`nvidia, ${'g'.repeat(41)}`, 'è troppo lunga'],
    ['x'.repeat(401), 'troppo lungo'],
  ])('refuses %j with an Italian 400', async (phrases, message) => {
    const response = await admin('POST', '/search-synonyms', { phrases });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(message);
  });

  it('refuses a phrase already in another group, and a body that is not a group', async () => {
    expect((await admin('POST', '/search-synonyms', { phrases: 'nvidia, geforce' })).status).toBe(201);
    const again = await admin('POST', '/search-synonyms', { phrases: 'GeForce, rtx' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('«GeForce» è già in un altro gruppo di sinonimi: una parola può stare in un gruppo solo.');
    expect((await admin('POST', '/search-synonyms', { phrases: 3 })).status).toBe(400);
    expect((await admin('POST', '/search-synonyms', { phrases: 'a1, b1', extra: true })).status).toBe(400);
    const anonymous = await ctx.request('POST', '/api/admin/search-synonyms', { body: { phrases: 'radeon, amd' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('the searches that found nothing on the demo site', () => {
  const GAMING_1440P = 'PC Gaming 1440p da 1200 euro: la build equilibrata con Ryzen 5 9600X e RTX 5070';
  const OFFICE = 'PC da ufficio silenzioso per lo smart working: la build da 750 euro senza scheda video';
  const WORKSTATION = 'Workstation per 3D, CAD e intelligenza artificiale con Core Ultra 9 285K e RTX 5080';

  async function ranked(q: string): Promise<string[]> {
    const response = await ctx.request('GET', `/api/builds?q=${encodeURIComponent(q)}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.builds.map((build: { title: string }) => build.title);
  }

  it('finds them now, with the demo content and its first synonyms', async () => {
    expect(await seedDemoContent(ctx.database.db, ctx.clock.now())).toBe(true);
    expect(await search('ryz')).toContain(GAMING_1440P);
    expect(await search('RTX5070')).toContain(GAMING_1440P);
    expect(await search('rx 9060')).toContain(GAMING_1440P);
    expect((await search('nvidia')).length).toBeGreaterThan(0);
    expect(await search('ai')).toContain(WORKSTATION);
    expect(await search('IA')).toContain(WORKSTATION);
    const gpus = await ranked('schede video');
    expect(gpus.length).toBeGreaterThan(0);
    expect(gpus[0]).not.toBe(OFFICE);
    // The misspellings are corrected against the words of the published builds.
    expect(await ctx.services.search.correct('ryzne')).toBe('ryzen');
    expect(await ctx.services.search.correct('pc gamign')).toBe('pc gaming');
  });
});

describe('two processes on one database', () => {
  async function sendTo(url: string, method: string, path: string, body: unknown) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  it('keeps a phrase in one group, and indexes alternatives added while builds with their part are created', async () => {
    const servers = await startAppServers(databaseUrl(ctx.config.database), 2);
    try {
      // The same phrase sent to both at once: one group takes it, the other is refused.
      const [first, second] = await Promise.all([
        sendTo(servers.urls[0]!, 'POST', '/api/admin/search-synonyms', { phrases: 'radeon, amd' }),
        sendTo(servers.urls[1]!, 'POST', '/api/admin/search-synonyms', { phrases: 'AMD, ati' }),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 400]);

      // Builds with a part created on one process while its alternatives are added on the other.
      const asins = ['B0RACE0001', 'B0RACE0002', 'B0RACE0003', 'B0RACE0004'];
      await Promise.all(
        asins.flatMap((asin, n) => [
          sendTo(servers.urls[0]!, 'POST', '/api/admin/builds', sampleBuild({ title: `Build gara ${n}`, components: [{ type: 'GPU', name: 'Scheda qualsiasi', price: 300, amazon_link: `https://www.amazon.it/dp/${asin}` }] })).then((r) =>
            expect(r.status, JSON.stringify(r.body)).toBe(201),
          ),
          sendTo(servers.urls[1]!, 'POST', '/api/admin/alternatives', { originalAsin: asin, alternativeAsin: `B0ALTR000${n}`, alternativeName: `Alternativa zircone${n}`, priority: 1 }).then((r) =>
            expect(r.status, JSON.stringify(r.body)).toBe(201),
          ),
        ]),
      );
      for (const n of asins.keys()) expect(await search(`zircone${n}`)).toEqual([`Build gara ${n}`]);
    } finally {
      await servers.stop();
    }
  }, 60_000);
});
