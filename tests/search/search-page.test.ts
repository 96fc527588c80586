/**
 * The search page /cerca (decision 033), rendered on the server on both databases: the home's
 * cards with the matched words in <mark>, pagination, "Nessun risultato" with suggestions, the form alone
 * without q, noindex, and the page cache never serving one search's page for another.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let pages: PageBuild;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({}, { pages: pages.build });
  token = await ctx.login();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});

beforeEach(async () => {
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
  await ctx.services.events.emitChange(); // a fresh catalogue: nothing cached from the previous test
});

async function createBuild(overrides: Record<string, unknown>) {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ components: [], ...overrides }) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  ctx.clock.advance(60_000);
  return response.body.build;
}

async function page(path: string, status = 200): Promise<string> {
  const response = await ctx.request('GET', path);
  expect(response.status, String(response.body).slice(0, 1000)).toBe(status);
  return String(response.body);
}

/** The visible text of the build titles on a page, in order. */
function cardTitles(html: string): string[] {
  return [...html.matchAll(/<h3[^>]*>\s*<a [^>]*>(.*?)<\/a>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ''));
}

describe('GET /cerca', () => {
  it('shows only the form without a search', async () => {
    const html = await page('/cerca');
    expect(html).toContain('Cerca tra le build');
    expect(html).toContain('name="q"');
    expect(html).not.toContain('Nessun risultato');
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
  });

  it('shows the matches as cards with the matched words marked, title above description', async () => {
    await createBuild({ title: 'PC per editing video', description: 'Una build silenziosa.' });
    await createBuild({ title: 'Build da studio', description: 'Perfetta per il montaggio e le schede video.' });
    await createBuild({ title: 'Build da ufficio', description: 'Niente di speciale.' });
    const html = await page('/cerca?q=scheda+video');
    expect(cardTitles(html)).toEqual(['Build da studio']);
    expect(html).toContain('<mark');
    expect(html).toMatch(/<mark[^>]*>schede<\/mark> <mark[^>]*>video<\/mark>/);
    expect(html).toContain('<title>Risultati per «scheda video»');
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(html).toContain('1 build trovata');

    const both = await page('/cerca?q=video');
    expect(cardTitles(both)).toEqual(['PC per editing <mark>video</mark>'.replace(/<[^>]+>/g, ''), 'Build da studio']);
    expect(both).toMatch(/PC per editing <mark[^>]*>video<\/mark>/);
  });

  it('lets the results be compared: the grid is the GET form to /confronta with a checkbox per result', async () => {
    const first = await createBuild({ title: 'Build granito uno' });
    const second = await createBuild({ title: 'Build granito due' });
    await createBuild({ title: 'Build marmo' });
    const html = await page('/cerca?q=granito');
    const form = html.match(/<form([^>]*data-testid="compare-form"[^>]*)>([\s\S]*?)<\/form>/);
    expect(form, 'the results grid is a compare form').not.toBeNull();
    expect(form![1]).toContain('action="/confronta"');
    expect(form![1]).toContain('method="get"');
    const values = [...form![2]!.matchAll(/<input [^>]*name="build" value="([^"]+)"/g)].map((match) => match[1]);
    expect(values.sort()).toEqual([first.slug, second.slug].sort());
    expect(form![2]).toContain('Confronta le build selezionate');
  });

  it('marks accented and unaccented spellings alike', async () => {
    await createBuild({ title: 'Perché AMD', description: 'Ecco perche conviene.' });
    const html = await page('/cerca?q=perche');
    expect(html).toMatch(/<mark[^>]*>Perché<\/mark> AMD/);
    expect(html).toMatch(/Ecco <mark[^>]*>perche<\/mark> conviene/);
  });

  it('pages 12 results at a time, and sends a page past the last to the last', async () => {
    for (let n = 1; n <= 14; n++) await createBuild({ title: `Build gaming ${n}`, description: 'Uguale.' });
    const first = await page('/cerca?q=gaming');
    expect(cardTitles(first)).toHaveLength(12);
    expect(first).toContain('14 build trovate');
    expect(first).toContain('href="/cerca?q=gaming&amp;pagina=2"');
    const second = await page('/cerca?q=gaming&pagina=2');
    expect(cardTitles(second)).toEqual(['Build gaming 2', 'Build gaming 1']);
    expect(second).toContain('<title>Risultati per «gaming» (pagina 2)');
    const past = await ctx.request('GET', '/cerca?q=gaming&pagina=9');
    expect(past.status).toBe(302);
    expect(past.headers.get('location')).toBe('/cerca?q=gaming&pagina=2');
  });

  it('says "Nessun risultato" with each word alone, the categories and a hint', async () => {
    await createBuild({ title: 'Build gaming compatta', category: 'gaming' });
    const html = await page('/cerca?q=gaming+introvabile');
    expect(html).toContain('Nessun risultato');
    expect(html).toContain('Prova con parole diverse o meno parole.');
    expect(html).toContain('href="/cerca?q=gaming"');
    expect(html).toContain('gaming (1 build)');
    expect(html).not.toContain('href="/cerca?q=introvabile"');
    expect(html).toContain('href="/?categoria=gaming#builds"');
  });

  it('answers hostile or odd texts with a page, never a 500', async () => {
    await createBuild({ title: 'Build gaming' });
    for (const q of ['"', 'NEAR(a b)', 'gaming AND', '*', '😀', 'il la di', '<script>alert(1)</script>', "'; drop table builds; --"]) {
      const html = await page(`/cerca?q=${encodeURIComponent(q)}`);
      expect(html).not.toContain('<script>alert(1)</script>');
    }
    const tooLong = await page(`/cerca?q=${'a'.repeat(301)}`, 400);
    expect(tooLong).toContain('Ricerca troppo lunga');
    expect([200, 400]).toContain((await ctx.request('GET', '/cerca?q=%ED%A0%80')).status);
  });

  it('never serves one search\'s cached page for another', async () => {
    await createBuild({ title: 'Build rossa' });
    await createBuild({ title: 'Build verde' });
    expect(cardTitles(await page('/cerca?q=rossa'))).toEqual(['Build rossa']);
    expect(cardTitles(await page('/cerca?q=verde'))).toEqual(['Build verde']);
    expect(cardTitles(await page('/cerca?q=%20rossa%20&utm_source=x'))).toEqual(['Build rossa']);
    expect(cardTitles(await page('/cerca?q=rossa'))).toEqual(['Build rossa']);
  });

  it('corrects a misspelt word against the words of public builds: "Forse cercavi" and the corrected results', async () => {
    await createBuild({ title: 'PC con Ryzen 7', description: 'Per il gaming in 1440p.' });
    await createBuild({ title: 'Build da ufficio', description: 'Silenziosa.' });
    await createBuild({ title: 'Bozza con Ryzon segreto', status: 'draft' });
    for (const [typed, meant] of [
      ['ryzne', 'ryzen'],
      ['gamign', 'gaming'],
      ['pc gamign', 'pc gaming'],
      ['silenzoisa', 'silenziosa'],
    ]) {
      const html = await page(`/cerca?q=${encodeURIComponent(typed!)}`);
      const box = html.match(/<div[^>]*data-testid="did-you-mean"[^>]*>([\s\S]*?)<\/div>/);
      expect(box, typed).not.toBeNull();
      expect(box![1]).toContain(`href="/cerca?q=${encodeURIComponent(meant!).replaceAll('%20', '+')}"`);
      expect(box![1]).toContain(`«${meant}»`);
      expect(box![1]).toContain(`Nessun risultato per «${typed}»: ti mostriamo i risultati per «${meant}».`);
      expect(html).not.toContain('Nessun risultato</h2>');
      expect(cardTitles(html).length, typed).toBeGreaterThan(0);
    }
    // A word close to nothing public (only a draft has "ryzon") and a short one are not corrected.
    const none = await page('/cerca?q=segrto');
    expect(none).not.toContain('data-testid="did-you-mean"');
    expect(none).toContain('Nessun risultato');
    expect(await page('/cerca?q=ryzn')).not.toContain('data-testid="did-you-mean"');
    // A search that finds something is never corrected.
    expect(await page('/cerca?q=ryzen')).not.toContain('data-testid="did-you-mean"');
  });

  it('marks the word the last, unfinished word begins', async () => {
    await createBuild({ title: 'PC con Ryzen 7', description: 'Una build.' });
    const html = await page('/cerca?q=ryz');
    expect(cardTitles(html)).toEqual(['PC con Ryzen 7']);
    expect(html).toMatch(/PC con <mark[^>]*>Ryzen<\/mark> 7/);
  });

  it('shows a new synonym group at once: the cached search page is dropped', async () => {
    await createBuild({ title: 'Build Sapphire compatta' });
    expect(cardTitles(await page('/cerca?q=radeon'))).toEqual([]);
    const created = await ctx.request('POST', '/api/admin/search-synonyms', { token, body: { phrases: 'radeon, sapphire' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(cardTitles(await page('/cerca?q=radeon'))).toEqual(['Build Sapphire compatta']);
    const removed = await ctx.request('DELETE', `/api/admin/search-synonyms/${created.body.synonym.id}`, { token });
    expect(removed.status).toBe(200);
    expect(cardTitles(await page('/cerca?q=radeon'))).toEqual([]);
  });

  it('lets a long query wrap instead of widening the page', async () => {
    const html = await page(`/cerca?q=${'x'.repeat(300)}`);
    expect(html).toMatch(/<h1 class="[^"]*wrap-anywhere[^"]*">Risultati per «x{300}»<\/h1>/);
  });

  it('the header of every public page has the search form', async () => {
    const html = await page('/');
    expect(html).toMatch(/<form role="search" [^>]*action="\/cerca" method="get"/);
    expect(html).toMatch(/<label for="site-search"[^>]*>Cerca<\/label>/);
  });
});
