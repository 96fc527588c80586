/**
 * GET /api/admin/builds/drift on SQLite and PostgreSQL: published builds whose total is more than
 * BUDGET_DRIFT_PERCENT (10 by default) away from their budget, either way; and the scheduled price refresh
 * recording when each build first drifted, through the scheduler's hook, with the fake retailer moving a
 * price.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPriceScheduler } from '../../src/schedulers/price-scheduler';
import { driftResponseSchema } from '../../src/modules/drift/drift.schema';
import { driftPercent, isDrifting } from '../../src/modules/drift/drift.service';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, type TestContext } from '../helpers/test-app';

const GPU = 'B0DRIFTGPU';
const NOW = Date.parse('2026-06-15T12:00:00.000Z');

let fake: FakeCreatorsApi;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi({ catalogue: [{ asin: GPU, title: 'Scheda video', brand: 'MSI', price: 600, availability: 'IN_STOCK' }] });
  ctx = await createTestContext(retailerEnv(fake));
  token = await ctx.login();
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

beforeEach(async () => {
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
  ctx.clock.offsetMs = NOW - Date.now();
});

/** A build with one component at `price` (the GPU's ASIN when `tracked`), budget 1000 unless given. */
async function createBuild(title: string, price: number | null, overrides: Record<string, unknown> = {}, tracked = false) {
  const body = {
    title,
    description: 'Build per il test della deriva del budget.',
    content: 'Testo.',
    budget: 1000,
    category: 'gaming',
    status: 'published',
    components: [{ type: 'GPU', name: 'Scheda video', price, amazon_link: tracked ? `https://www.amazon.it/dp/${GPU}` : null }],
    ...overrides,
  };
  const response = await ctx.request('POST', '/api/admin/builds', { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; title: string };
}

const setPrice = (price: number) => fake.setItem({ asin: GPU, title: 'Scheda video', brand: 'MSI', price, availability: 'IN_STOCK' });

async function drift() {
  const response = await ctx.request('GET', '/api/admin/builds/drift', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return driftResponseSchema.parse(response.body);
}

describe('the drift rule', () => {
  it('is outside the band either way, in whole cents, the edge itself inside', () => {
    expect(isDrifting(100_000, 110_000, 10)).toBe(false);
    expect(isDrifting(100_000, 110_001, 10)).toBe(true);
    expect(isDrifting(100_000, 89_999, 10)).toBe(true);
    expect(isDrifting(100_000, 90_000, 10)).toBe(false);
    expect(driftPercent(120_000, 135_000)).toBe(12.5);
    expect(driftPercent(100_000, 89_000)).toBe(-11);
  });
});

describe('GET /api/admin/builds/drift', () => {
  it('lists the published builds outside the band, the largest drift first, and nothing else', async () => {
    const over = await createBuild('Costa troppo', 1350, { budget: 1200 });
    const under = await createBuild('Costa poco', 890);
    await createBuild('Nella fascia', 1050);
    await createBuild('Sul bordo', 1100);
    await createBuild('Bozza fuori fascia', 2000, { status: 'draft' });
    await createBuild('Senza budget', 2000, { budget: null });
    await createBuild('Senza prezzo', null);

    const answer = await drift();
    expect(answer.threshold_percent).toBe(10);
    // 'Senza prezzo' totals 0: 100 % under its budget.
    expect(answer.builds.map((build) => build.title)).toEqual(['Senza prezzo', 'Costa troppo', 'Costa poco']);
    expect(answer.builds.find((build) => build.id === over.id)).toEqual({ id: over.id, title: 'Costa troppo', budget: 1200, total: 1350, drift_percent: 12.5, drifted_since: null });
    expect(answer.builds.find((build) => build.id === under.id)).toMatchObject({ budget: 1000, total: 890, drift_percent: -11 });
  });

  it('needs a session', async () => {
    expect((await ctx.request('GET', '/api/admin/builds/drift')).status).toBe(401);
  });

  it('a scheduled refresh records when a build first drifts, keeps that date while it drifts, and forgets it once back in the band', async () => {
    setPrice(1000);
    const build = await createBuild('Scheda video che rincara', 1000, {}, true);
    await ctx.services.pricing.assignTiers();
    // Its first round starts at once; the timer never fires within the test.
    const scheduler = startPriceScheduler({ pricing: ctx.services.pricing, config: { ...ctx.config.pricing, schedulerTickMs: 3_600_000 }, onRefreshed: () => ctx.services.drift.record() });
    /** Another scheduled round, with every tier due again. */
    const refresh = async () => {
      await ctx.database.db.deleteFrom('job_runs').execute();
      await scheduler.tick();
    };
    try {
      await scheduler.tick(); // the first round
      expect((await drift()).builds).toEqual([]);

      // The price rises 25 %: the next scheduled refresh stamps the drift with its time.
      setPrice(1250);
      const before = ctx.clock.now().toISOString();
      await refresh();
      const after = ctx.clock.now().toISOString();
      const first = (await drift()).builds;
      expect(first).toEqual([expect.objectContaining({ id: build.id, total: 1250, drift_percent: 25 })]);
      expect(first[0]!.drifted_since! >= before && first[0]!.drifted_since! <= after).toBe(true);

      // Still drifting a day later: the first date stays.
      ctx.clock.offsetMs += 86_400_000;
      setPrice(1300);
      await refresh();
      expect((await drift()).builds).toEqual([expect.objectContaining({ total: 1300, drifted_since: first[0]!.drifted_since })]);

      // Back in the band: no longer listed, and a later drift gets a new date.
      setPrice(1050);
      await refresh();
      expect((await drift()).builds).toEqual([]);
      expect(await ctx.database.db.selectFrom('build_drift').selectAll().execute()).toEqual([]);
    } finally {
      await scheduler.stop();
    }
  });

  it('two processes recording at once agree on one row per build', async () => {
    await createBuild('Due processi', 1500);
    const times = await Promise.all([ctx.services.drift.record(), ctx.services.drift.record(), ctx.services.drift.record()]);
    expect(times).toEqual([1, 1, 1]);
    const rows = await ctx.database.db.selectFrom('build_drift').selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});
