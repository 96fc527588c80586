/**
 * The click de-duplication keys on the client's address key (common/address-key.ts, decision 020): an
 * IPv6 client is its /64, since one subscriber routinely holds a whole /64 and could otherwise click from
 * 2^64 fresh addresses; an IPv4 client is its address. On SQLite and PostgreSQL, across two app instances.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLICK_BEACON_PATH } from '../../src/common/click-beacon';
import { buildAnalyticsSchema } from '../../src/modules/analytics/analytics.schema';
import { type AppInstance, createTestContext, openSecondInstance, sampleBuild, type TestContext } from '../helpers/test-app';

const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let ctx: TestContext;
let second: AppInstance;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext(); // TRUST_PROXY=true: the client is the X-Forwarded-For entry
  second = openSecondInstance(ctx);
  token = await ctx.login();
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.database.db.deleteFrom('keyed_counters').where('key', 'like', 'click:%').execute();
  await ctx.database.db.deleteFrom('builds').execute();
});

async function publishedBuild() {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild() });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; components: { id: number }[] };
}

/** A component link's beacon as a browser on our page sends it, from `ip`, through `via`. */
async function click(build: { slug: string }, componentId: number, ip: string, via: Pick<AppInstance, 'request'> = ctx) {
  const response = await via.request('POST', CLICK_BEACON_PATH, {
    rawBody: JSON.stringify({ build: build.slug, component_id: componentId }),
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': CHROME_UA, 'X-Forwarded-For': ip },
  });
  expect(response.status).toBe(204);
}

async function clicksOf(buildId: number) {
  const response = await ctx.request('GET', `/api/admin/builds/${buildId}/analytics`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return buildAnalyticsSchema.parse(response.body).clicks;
}

describe('click de-duplication per address key', () => {
  it('two addresses of one IPv6 /64 clicking one product within the minute count once, on either instance', async () => {
    const build = await publishedBuild();
    const cpu = build.components[0]!.id;
    await click(build, cpu, '2001:db8:1:2::1', ctx);
    await click(build, cpu, '2001:db8:1:2:ffff:eeee:dddd:cccc', second);
    await click(build, cpu, '2001:0DB8:0001:0002:0:0:0:abcd', ctx); // the same /64 written in full, upper case
    expect(await clicksOf(build.id)).toBe(1);
  });

  it('two /64s count twice, and two IPv4 addresses twice', async () => {
    const build = await publishedBuild();
    const cpu = build.components[0]!.id;
    await click(build, cpu, '2001:db8:1:2::1');
    await click(build, cpu, '2001:db8:1:3::1', second); // the neighbouring /64
    expect(await clicksOf(build.id)).toBe(2);

    await click(build, cpu, '203.0.113.8');
    await click(build, cpu, '203.0.113.9');
    expect(await clicksOf(build.id)).toBe(4);
  });

  it('an IPv4 client reported as IPv4-mapped IPv6 is the same client', async () => {
    const build = await publishedBuild();
    const cpu = build.components[0]!.id;
    await click(build, cpu, '203.0.113.8');
    await click(build, cpu, '::ffff:203.0.113.8', second);
    expect(await clicksOf(build.id)).toBe(1);
  });

  it('keeps counting each product of one /64 on its own', async () => {
    const build = await publishedBuild();
    const [cpu, gpu] = build.components;
    await click(build, cpu!.id, '2001:db8:1:2::1');
    await click(build, gpu!.id, '2001:db8:1:2::2');
    expect(await clicksOf(build.id)).toBe(2);
  });
});
