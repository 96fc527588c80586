/**
 * Build revisions (issue 13, item 2) on SQLite and PostgreSQL: every save recorded with its author, the list
 * newest first, a whole snapshot, restore of title, content, fields and components in one transaction (itself
 * recorded), the newest 100 kept, parallel saves all recorded, and the automatic changes recorded too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_REVISIONS } from '../../src/modules/builds/revisions.service';
import { revisionListResponseSchema, revisionResponseSchema } from '../../src/modules/builds/revisions.schema';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
});
afterAll(async () => {
  await ctx?.close();
});

type Build = { id: number; updated_at: string; title: string; components: { id: number; name: string; price: number | null }[] };

async function create(overrides: Record<string, unknown> = {}): Promise<Build> {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build;
}

async function save(id: number, body: Record<string, unknown>): Promise<Build> {
  const response = await ctx.request('PUT', `/api/admin/builds/${id}`, { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.build;
}

async function revisions(id: number) {
  const response = await ctx.request('GET', `/api/admin/builds/${id}/revisions`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return revisionListResponseSchema.parse(response.body).revisions;
}

describe('revisions of a build', () => {
  it('records the creation and every save with its author, newest first, each with its whole snapshot', async () => {
    const build = await create({ title: 'Prima versione' });
    const edited = sampleBuild({ title: 'Seconda versione', content: 'Testo nuovo.' });
    await save(build.id, edited);
    const list = await revisions(build.id);
    expect(list.map((revision) => [revision.title, revision.reason, revision.author])).toEqual([
      ['Seconda versione', 'Salvataggio', 'admin'],
      ['Prima versione', 'Creazione', 'admin'],
    ]);
    expect(list[0]!.id).toBeGreaterThan(list[1]!.id);

    const one = await ctx.request('GET', `/api/admin/builds/${build.id}/revisions/${list[1]!.id}`, { token });
    expect(one.status).toBe(200);
    const { revision } = revisionResponseSchema.parse(one.body);
    expect(revision.snapshot.build).toMatchObject({ title: 'Prima versione', content: sampleBuild().content, budget_cents: 100_000, status: 'published' });
    expect(revision.snapshot.components.map((component) => [component.name, component.price_cents])).toEqual([
      ['AMD Ryzen 5 7600', 19_990],
      ['NVIDIA RTX 5060 Ti', 44_900],
      ['Corsair Vengeance 32GB DDR5', 10_950],
    ]);
  });

  it('restore brings back title, content, fields and components in one go, records it, and makes older forms conflict', async () => {
    const build = await create({ title: 'Versione da ripristinare', budget: 900, category: 'gaming' });
    const [cpu, gpu, ram] = build.components;
    // The next save edits the CPU, drops the GPU and adds a case.
    const later = await save(build.id, {
      ...sampleBuild({ title: 'Versione sbagliata', content: 'Contenuto sbagliato.', budget: 1500, category: 'editing' }),
      components: [
        { id: cpu!.id, type: 'CPU', name: 'CPU cambiata', price: 1, amazon_link: null },
        { id: ram!.id, type: 'RAM', name: ram!.name, price: ram!.price, amazon_link: null },
        { type: 'Case', name: 'Case aggiunto', price: 70, amazon_link: null },
      ],
    });
    const original = (await revisions(build.id)).find((revision) => revision.reason === 'Creazione')!;

    const restored = await ctx.request('POST', `/api/admin/builds/${build.id}/revisions/${original.id}/restore`, { token });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const now = restored.body.build;
    expect(now).toMatchObject({ title: 'Versione da ripristinare', budget: 900, category: 'gaming', content: sampleBuild().content });
    expect(now.components.map((component: { name: string }) => component.name).sort()).toEqual([cpu!.name, gpu!.name, ram!.name].sort());
    // The CPU and the RAM keep their rows; the case is gone; the GPU is back as a new row.
    const ids = new Map(now.components.map((component: { id: number; name: string }) => [component.name, component.id]));
    expect(ids.get(cpu!.name)).toBe(cpu!.id);
    expect(ids.get(ram!.name)).toBe(ram!.id);
    expect(ids.get(gpu!.name)).not.toBe(gpu!.id);

    const list = await revisions(build.id);
    expect(list[0]).toMatchObject({ reason: `Ripristino della revisione ${original.id}`, title: 'Versione da ripristinare', author: 'admin' });
    // A form loaded before the restore cannot save over it.
    const stale = await ctx.request('PUT', `/api/admin/builds/${build.id}`, { token, body: { ...sampleBuild(), updated_at: later.updated_at } });
    expect(stale.status).toBe(409);
    // The public page shows the restored version.
    const page = await ctx.request('GET', `/api/builds/${restored.body.build.slug}`);
    expect(page.body.build.title).toBe('Versione da ripristinare');
  });

  it(`keeps the newest ${KEPT_REVISIONS}`, async () => {
    const build = await create({ title: 'Molte versioni' });
    for (let i = 1; i <= KEPT_REVISIONS + 4; i++) await save(build.id, sampleBuild({ title: `Molte versioni ${i}` }));
    const list = await revisions(build.id);
    expect(list).toHaveLength(KEPT_REVISIONS);
    expect(list[0]!.title).toBe(`Molte versioni ${KEPT_REVISIONS + 4}`);
    expect(list.at(-1)!.title).toBe('Molte versioni 5');
  });

  it('records every one of parallel saves', async () => {
    const build = await create({ title: 'Salvataggi paralleli' });
    await Promise.all(Array.from({ length: 6 }, (_, i) => save(build.id, sampleBuild({ title: `Parallelo ${i}` }))));
    const list = await revisions(build.id);
    expect(list).toHaveLength(7);
    expect(new Set(list.slice(0, 6).map((revision) => revision.title))).toEqual(new Set(Array.from({ length: 6 }, (_, i) => `Parallelo ${i}`)));
  });

  it('404 for an unknown build or revision, or a revision of another build; 401 without a session', async () => {
    const a = await create({ title: 'Build A' });
    const b = await create({ title: 'Build B' });
    const [ofA] = await revisions(a.id);
    expect((await ctx.request('GET', '/api/admin/builds/999999/revisions', { token })).status).toBe(404);
    expect((await ctx.request('GET', `/api/admin/builds/${a.id}/revisions/999999`, { token })).status).toBe(404);
    expect((await ctx.request('GET', `/api/admin/builds/${b.id}/revisions/${ofA!.id}`, { token })).status).toBe(404);
    expect((await ctx.request('POST', `/api/admin/builds/${b.id}/revisions/${ofA!.id}/restore`, { token })).status).toBe(404);
    expect((await ctx.request('GET', `/api/admin/builds/${a.id}/revisions`)).status).toBe(401);
  });
});
