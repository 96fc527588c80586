/**
 * Build revisions on SQLite and PostgreSQL: every save recorded with its author, the list
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

  it(`keeps the build's publication when the revision's schedule has passed, and never moves a first publication`, async () => {
    const HOUR = 3_600_000;
    const isoIn = (ms: number) => new Date(ctx.clock.now().getTime() + ms).toISOString();
    const restore = async (id: number, revisionId: number) => {
      const response = await ctx.request('POST', `/api/admin/builds/${id}/revisions/${revisionId}/restore`, { token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.build as Build & { slug: string; status: string; publish_at: string | null; published_at: string | null };
    };
    const stored = (id: number) => ctx.database.db.selectFrom('builds').select(['status', 'publish_at', 'published_at']).where('id', '=', id).executeTakeFirstOrThrow();
    try {
      // A draft scheduled, then taken back to draft; the schedule's time passes.
      const draft = await create({ title: 'Bozza programmata', status: 'draft' });
      await save(draft.id, sampleBuild({ title: 'Programmata per presto', status: 'scheduled', publish_at: isoIn(HOUR) }));
      const scheduled = (await revisions(draft.id))[0]!;
      await save(draft.id, sampleBuild({ title: 'Di nuovo bozza', status: 'draft' }));
      ctx.clock.advance(2 * HOUR);
      const restored = await restore(draft.id, scheduled.id);
      // The content comes back; the past schedule does not: still a draft, invisible, never published.
      expect(restored).toMatchObject({ title: 'Programmata per presto', status: 'draft', publish_at: null, published_at: null });
      expect((await ctx.request('GET', `/api/builds/${restored.slug}`)).status).toBe(404);
      expect((await revisions(draft.id))[0]!.reason).toMatch(new RegExp(`^Ripristino della revisione ${scheduled.id}, senza la programmazione già passata \\(\\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2}\\)`));
      await ctx.services.publishing.publishDue();
      expect(await stored(draft.id)).toEqual({ status: 'draft', publish_at: null, published_at: null });

      // A published build, rescheduled and published again: restoring the past schedule keeps it published, with its first date.
      ctx.clock.offsetMs = 0;
      const published = await create({ title: 'Pubblicata da tempo' });
      const firstPublication = (await stored(published.id)).published_at!;
      expect(firstPublication).not.toBeNull();
      await save(published.id, sampleBuild({ title: 'Ripubblicata più tardi', status: 'scheduled', publish_at: isoIn(HOUR) }));
      const rescheduled = (await revisions(published.id))[0]!;
      await save(published.id, sampleBuild({ title: 'Pubblicata di nuovo' }));
      // Before the schedule passes, restoring it schedules the build again, keeping its first publication.
      const again = await restore(published.id, rescheduled.id);
      expect(again).toMatchObject({ status: 'scheduled', published_at: firstPublication });
      ctx.clock.advance(2 * HOUR);
      // Due, it is public at once with its first publication date (before the job stores it, and after).
      expect((await ctx.request('GET', `/api/builds/${again.slug}`)).body.build.published_at).toBe(firstPublication);
      expect((await ctx.request('GET', '/api/builds?limit=100')).body.builds.find((b: { id: number }) => b.id === published.id).published_at).toBe(firstPublication);
      // The publish job stores it as published with its first publication date, not publish_at.
      await ctx.services.publishing.publishDue();
      expect(await stored(published.id)).toEqual({ status: 'published', publish_at: null, published_at: firstPublication });
      expect((await ctx.request('GET', `/api/builds/${again.slug}`)).body.build.published_at).toBe(firstPublication);
      // After it passed: the content comes back, the build stays published with its first date.
      const later = await restore(published.id, rescheduled.id);
      expect(later).toMatchObject({ title: 'Ripubblicata più tardi', status: 'published', publish_at: null, published_at: firstPublication });
      await ctx.services.publishing.publishDue();
      expect(await stored(published.id)).toEqual({ status: 'published', publish_at: null, published_at: firstPublication });
    } finally {
      ctx.clock.offsetMs = 0;
    }
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
