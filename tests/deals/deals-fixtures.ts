/** What the deals' tests share: a published build whose parts the fake retailer prices, and a seeded price history. */
import { expect } from 'vitest';
import type { FakeCreatorsApi, FakeItem } from '../fakes/creators-api';
import { sampleBuild, type TestContext } from '../helpers/test-app';

export const DAY = 86_400_000;
export const CPU = 'B0BMQJWBDM';
export const GPU = 'B0F1XYZ123';
export const RAM = 'B0C1234567';

export function setPrices(fake: FakeCreatorsApi, prices: Record<string, number>, availability: Partial<Record<string, FakeItem['availability']>> = {}) {
  for (const [asin, price] of Object.entries(prices)) {
    fake.setItem({ asin, title: `Prodotto ${asin}`, brand: 'Marca', price, availability: availability[asin] ?? 'IN_STOCK' });
  }
}

export async function clearDealTables(ctx: TestContext): Promise<void> {
  const db = ctx.database.db;
  for (const table of ['telegram_outbox', 'deal_posts', 'deals', 'price_observations', 'price_days', 'job_runs', 'job_leases', 'alternatives', 'alternative_categories', 'components', 'builds'] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.updateTable('telegram_sender').set({ paused_until: null }).execute();
  await ctx.services.events.emitChange();
}

export async function createBuild(ctx: TestContext, token: string, overrides: Record<string, unknown> = {}) {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; title: string; components: { id: number; name: string; asin: string }[] };
}

/** One observation a day at noon UTC for each of the `days` days before today, at `euro`. */
export async function seedHistory(ctx: TestContext, asin: string, euro: number, days = 30): Promise<void> {
  const now = ctx.clock.now().getTime();
  const rows = Array.from({ length: days }, (_, index) => {
    const at = new Date(now - (index + 1) * DAY);
    at.setUTCHours(12, 0, 0, 0);
    return { asin, price_cents: Math.round(euro * 100), availability: 'IN_STOCK', source: 'amazon', observed_at: at.toISOString() };
  });
  await ctx.database.db.insertInto('price_observations').values(rows).execute();
}

export async function refreshBuild(ctx: TestContext, token: string, buildId: number) {
  const response = await ctx.request('POST', `/api/admin/builds/${buildId}/update-prices`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}
