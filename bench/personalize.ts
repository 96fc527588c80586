/**
 * Personalisation benchmark (`npm run bench:personalize`, see bench/README-personalize.md): what a
 * personalised build (decision 030) costs the server next to the author's build, on the
 * production build, each figure next to its target with PASS/FAIL.
 *
 *   1. A database with the demo content (bench-database.ts). The build measured is the published demo
 *      build with the most alternatives on offer (GET /api/builds/{slug}).
 *   2. Uncached phase, PAGE_CACHE_MB=0 (every request renders): the 10 × 5 sample build is published
 *      through the admin API first; then the author's page, a variant with 2 swaps + 1 owned part, a
 *      variant whose budget makes the fit swap 2-3 parts, the API answer of the author's build and of the
 *      budget variant, and the sample build's page and its budget variant (3 swaps).
 *   3. Cached phase, PAGE_CACHE_MB=--cache-mb: the author's page and the budget variant served from the
 *      page cache (after one warm-up request each); 50 concurrent requests for a variant never asked
 *      before, which must cost exactly one render (one X-Cache MISS); and the same variant with its
 *      parameters in another order, which must be the same cache entry.
 *
 *   npm run build && npx tsx bench/personalize.ts [--duration 5] [--connections 20] [--generator wrk]
 */
import { existsSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { prepareBenchDatabase } from './bench-database';
import { rawGet, REQUEST_HEADERS } from './http';
import { type LoadOptions, load, type Row, WRK_CANDIDATES } from './load';
import {
  type BudgetVariant,
  buildWithMostAlternatives,
  findBudget,
  offeredAlternatives,
  publishSampleBuild,
  queryOf,
  readBuild,
  swapsAndOwned,
} from './personalize-variants';
import { expectNoCache, type ServerUnderTest, startServerUnderTest, stillCached, warmEveryProcess } from './server-under-test';
import { BENCH_USER_AGENT, ensureProductionProcess, requireProductionBuild } from './start-site';
import { printTable } from './table';

const TARGETS = {
  /** An uncached variant's p50 latency at most this many times the author's page's: "at most one uncached render". */
  variantVsAuthorP50: 1.5,
  /** A cached variant's req/s at least this share of the cached author's page's. */
  cachedVariantVsCachedPage: 0.8,
  /** Concurrent requests for a variant never asked before; exactly one may render. */
  concurrentRequests: 50,
};
const PAGE_CACHE_TTL_S = 60;

interface Options extends LoadOptions {
  cacheMb: number;
}

const USAGE = `Usage: npx tsx bench/personalize.ts [--duration <s>=5] [--connections <n>=20] [--warmup <s>=1] [--workers <n>=1]
                                  [--generator autocannon|wrk] [--cache-mb <n>=64]
  Needs \`npm run build\` first. Each row loads one URL for --duration seconds after --warmup seconds.`;

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '1' },
      workers: { type: 'string', default: '1' },
      generator: { type: 'string', default: 'autocannon' },
      'cache-mb': { type: 'string', default: '64' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const fail = (message: string): never => {
    console.error(message);
    process.exit(2);
  };
  const number = (name: string, raw: string, min: number, max: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) fail(`--${name} must be an integer between ${min} and ${max} (got "${raw}")`);
    return value;
  };
  if (values.generator !== 'autocannon' && values.generator !== 'wrk') fail(`--generator must be autocannon or wrk (got "${values.generator}")`);
  const generator = values.generator as Options['generator'];
  const options: Options = {
    duration: number('duration', values.duration, 1, 30),
    connections: number('connections', values.connections, 1, 1000),
    warmup: number('warmup', values.warmup, 0, 5),
    workers: number('workers', values.workers, generator === 'wrk' ? 1 : 0, 16),
    generator,
    cacheMb: number('cache-mb', values['cache-mb'], 1, 4096),
  };
  if (generator === 'wrk') {
    options.wrk = WRK_CANDIDATES.find((path) => existsSync(path));
    if (!options.wrk) fail(`wrk not found (looked for ${WRK_CANDIDATES.join(', ')}): apt-get install -y wrk`);
  }
  // A cached row must be served by the entry stored before it: entries live 60 s.
  if (options.duration + options.warmup + 5 > PAGE_CACHE_TTL_S) fail(`--duration + --warmup must stay under ${PAGE_CACHE_TTL_S - 5} s`);
  return options;
}

// ---------------------------------------------------------------------------------------------------

const stoppers = new Set<() => void>();
function onInterrupt() {
  for (const stop of stoppers) stop();
  process.exit(130);
}

async function withServer<T>(server: ServerUnderTest, use: () => Promise<T>): Promise<T> {
  stoppers.add(server.kill);
  try {
    return await use();
  } finally {
    await server.close();
    stoppers.delete(server.kill);
  }
}

const buildPath = (slug: string, query = '') => `/build/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`;
const apiPath = (slug: string, query = '') => `/api/builds/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`;

/** What the variants are, found before any measurement. */
interface Plan {
  slug: string;
  title: string;
  alternatives: number;
  components: number;
  authorTotal: number;
  swapsOwned: { query: string; total: number };
  budget: BudgetVariant;
  sample: { slug: string; alternatives: number; components: number; authorTotal: number; budget: BudgetVariant };
}

/** A personalised page must be one: noindex, canonical to the author's page, the variant's heading. */
async function checkVariantPage(url: string, path: string, slug: string): Promise<void> {
  const response = await rawGet(`${url}${path}`, { ...REQUEST_HEADERS, 'accept-encoding': 'identity' });
  const html = response.body.toString('utf8');
  const problems = [
    response.status === 200 ? null : `status ${response.status}`,
    /<meta name="robots" content="noindex/.test(html) ? null : 'no <meta name="robots" content="noindex">',
    html.includes(`rel="canonical" href="${url}/build/${slug}"`) ? null : 'canonical is not the author page',
    html.includes('Configurazione personalizzata') ? null : 'no "Configurazione personalizzata"',
  ].filter((problem) => problem !== null);
  if (problems.length > 0) throw new Error(`${path} is not a personalised page: ${problems.join(', ')}`);
}

async function planVariants(server: ServerUnderTest, published: string[]): Promise<Plan> {
  const url = server.url;
  const build = await buildWithMostAlternatives(url, published);
  const base = swapsAndOwned(build);
  const swapsOwnedQuery = queryOf(base);
  const swapsOwned = await readBuild(url, build.slug, swapsOwnedQuery);
  if (swapsOwned.personalization?.choices.length !== 2 || swapsOwned.personalization.owned.length !== 1) {
    throw new Error(`${swapsOwnedQuery}: expected 2 swaps and 1 owned part, got ${JSON.stringify(swapsOwned.personalization)}`);
  }
  const budget = await findBudget(url, build.slug, { choices: [], owned: [], budgetCents: null }, 2, 3);

  const sampleBuild = await publishSampleBuild(url);
  const sampleBudget = await findBudget(url, sampleBuild.slug, { choices: [], owned: [], budgetCents: null }, 3, 3);
  for (const [slug, query] of [
    [build.slug, swapsOwnedQuery],
    [build.slug, budget.query],
    [sampleBuild.slug, sampleBudget.query],
  ] as const) {
    await checkVariantPage(url, buildPath(slug, query), slug);
  }
  return {
    slug: build.slug,
    title: build.title,
    alternatives: offeredAlternatives(build),
    components: build.components.length,
    authorTotal: build.total_price,
    swapsOwned: { query: swapsOwnedQuery, total: swapsOwned.total_price },
    budget,
    sample: {
      slug: sampleBuild.slug,
      alternatives: offeredAlternatives(sampleBuild),
      components: sampleBuild.components.length,
      authorTotal: sampleBuild.total_price,
      budget: sampleBudget,
    },
  };
}

function printPlan(plan: Plan) {
  const euro = (value: number) => `${value.toFixed(2)} €`;
  console.log(`build: ${plan.slug} ("${plan.title}"), ${plan.components} components, ${plan.alternatives} alternatives on offer, author's total ${euro(plan.authorTotal)}`);
  console.log(`  2 swaps + 1 owned: ?${plan.swapsOwned.query} -> total ${euro(plan.swapsOwned.total)}`);
  console.log(`  budget:            ?${plan.budget.query} -> the fit swaps ${plan.budget.fitSwaps}, total ${euro(plan.budget.total)} (${plan.budget.probes} budgets tried to find it)`);
  console.log(`sample build: ${plan.sample.slug}, ${plan.sample.components} components, ${plan.sample.alternatives} alternatives on offer, author's total ${euro(plan.sample.authorTotal)}`);
  console.log(`  budget:            ?${plan.sample.budget.query} -> the fit swaps ${plan.sample.budget.fitSwaps}, total ${euro(plan.sample.budget.total)}`);
}

interface Target {
  label: string;
  path: string;
  /** The row this one is compared with (its label). */
  reference?: string;
}

async function uncachedPhase(options: Options, file: string, published: string[], invalid: string[]): Promise<{ plan: Plan; rows: Row[]; targets: Target[] }> {
  const server = await startServerUnderTest({ databaseFile: file, cacheMb: 0 });
  return withServer(server, async () => {
    console.log(`\n== Uncached phase: ${server.description}, PAGE_CACHE_MB=0, ${server.url}`);
    const plan = await planVariants(server, published);
    printPlan(plan);
    const author = 'page author';
    const apiAuthor = 'API author';
    const sampleAuthor = 'sample 10×5 page author';
    const targets: Target[] = [
      { label: author, path: buildPath(plan.slug) },
      { label: 'page variant 2 swaps + 1 owned', path: buildPath(plan.slug, plan.swapsOwned.query), reference: author },
      { label: `page variant budget (fit swaps ${plan.budget.fitSwaps})`, path: buildPath(plan.slug, plan.budget.query), reference: author },
      { label: apiAuthor, path: apiPath(plan.slug) },
      { label: `API variant budget (fit swaps ${plan.budget.fitSwaps})`, path: apiPath(plan.slug, plan.budget.query), reference: apiAuthor },
      { label: sampleAuthor, path: buildPath(plan.sample.slug) },
      { label: `sample 10×5 page variant budget (fit swaps ${plan.sample.budget.fitSwaps})`, path: buildPath(plan.sample.slug, plan.sample.budget.query), reference: sampleAuthor },
    ];
    const viewsBefore = await server.views(plan.slug);
    const rows: Row[] = [];
    for (const target of targets) {
      if (target.path.startsWith('/build/')) await expectNoCache(`${server.url}${target.path}`);
      rows.push(await load(options, { target: `${target.label} uncached`, kind: 'uncached', page: target.path }, server.url));
    }
    const viewsAfter = await server.views(plan.slug);
    if (viewsAfter !== viewsBefore) invalid.push(`uncached phase: the view counter moved (${viewsBefore} -> ${viewsAfter})`);
    return { plan, rows, targets };
  });
}

interface Concurrency {
  path: string;
  misses: number;
  hits: number;
  other: number;
  distinctBodies: number;
  reorderedState: string;
}

/** 50 requests at once, each on its own connection, for a URL the server has never answered. */
async function concurrentFirstRequests(server: ServerUnderTest, path: string, reordered: string): Promise<Concurrency> {
  const responses = await Promise.all(Array.from({ length: TARGETS.concurrentRequests }, () => rawGet(`${server.url}${path}`)));
  const states = responses.map((response) => (response.status === 200 ? String(response.headers['x-cache']) : `status ${response.status}`));
  const again = await rawGet(`${server.url}${reordered}`);
  return {
    path,
    misses: states.filter((state) => state === 'MISS').length,
    hits: states.filter((state) => state === 'HIT').length,
    other: states.filter((state) => state !== 'MISS' && state !== 'HIT').length,
    distinctBodies: new Set(responses.map((response) => response.body.toString('base64'))).size,
    reorderedState: again.status === 200 ? String(again.headers['x-cache']) : `status ${again.status}`,
  };
}

async function cachedPhase(options: Options, file: string, plan: Plan, invalid: string[]): Promise<{ rows: Row[]; concurrency: Concurrency }> {
  const server = await startServerUnderTest({ databaseFile: file, cacheMb: options.cacheMb });
  return withServer(server, async () => {
    console.log(`\n== Cached phase: ${server.description}, PAGE_CACHE_MB=${server.cacheMb}, ${server.url}`);
    const rows: Row[] = [];
    const viewsBefore = await server.views(plan.slug);
    for (const [label, path] of [
      ['page author', buildPath(plan.slug)],
      [`page variant budget (fit swaps ${plan.budget.fitSwaps})`, buildPath(plan.slug, plan.budget.query)],
    ] as const) {
      const url = `${server.url}${path}`;
      await server.emptyCache();
      const stored = await warmEveryProcess(url, server.processes);
      const changes = server.contentChanges();
      rows.push(await load(options, { target: `${label} cached`, kind: 'cached', page: path }, server.url));
      const problem = await stillCached(url, server.processes, stored);
      if (problem) invalid.push(`${label} cached: ${problem}`);
      if (server.contentChanges() !== changes) invalid.push(`${label} cached: the page cache was emptied during the run`);
    }
    // Never asked on this server: the variant with 2 swaps + 1 owned part; then spelled in reverse order.
    const query = plan.swapsOwned.query;
    const reversed = query.split('&').reverse().join('&');
    const concurrency = await concurrentFirstRequests(server, buildPath(plan.slug, query), buildPath(plan.slug, reversed));
    const viewsAfter = await server.views(plan.slug);
    if (viewsAfter !== viewsBefore) invalid.push(`cached phase: the view counter moved (${viewsBefore} -> ${viewsAfter})`);
    return { rows, concurrency };
  });
}

// ---------------------------------------------------------------------------------------------------

function printRows(rows: Row[], targets: Target[]) {
  const digits = rows[0]?.generator === 'wrk' ? 2 : 0;
  const find = (label: string | undefined, kind: Row['kind']) => rows.find((row) => row.target === `${label} ${kind}`);
  printTable(
    ['row', 'req/s', 'ms/req', 'p50 ms', 'p99 ms', 'requests', 'bytes/resp', 'non-2xx', 'errors', 'p50 vs ref', 'req/s vs ref'],
    rows.map((row) => {
      const label = row.target.replace(/ (un)?cached$/, '');
      const referenceLabel = row.kind === 'uncached' ? targets.find((target) => target.label === label)?.reference : label === 'page author' ? undefined : 'page author';
      const reference = referenceLabel ? find(referenceLabel, row.kind) : undefined;
      return [
        row.target,
        row.requestsPerSecond.toFixed(1),
        // One server process: at saturation, the server's time per request.
        row.requestsPerSecond > 0 ? (1000 / row.requestsPerSecond).toFixed(2) : '',
        row.p50.toFixed(digits),
        row.p99.toFixed(digits),
        String(row.total),
        String(Math.round(row.bytesPerResponse)),
        String(row.non2xx),
        String(row.errors),
        reference && reference.p50 > 0 ? `${(row.p50 / reference.p50).toFixed(2)}×` : '',
        reference && reference.requestsPerSecond > 0 ? `${(row.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}×` : '',
      ];
    }),
  );
}

function targetLines(uncached: Row[], targets: Target[], cached: Row[], concurrency: Concurrency): string[][] {
  const lines: string[][] = [];
  const rowOf = (rows: Row[], label: string) => rows.find((row) => row.target.startsWith(`${label} `));
  for (const target of targets) {
    if (!target.reference) continue;
    const row = rowOf(uncached, target.label);
    const reference = rowOf(uncached, target.reference);
    if (!row || !reference) continue;
    // autocannon's p50 is in whole ms: a 0 ms reference cannot be compared (then the req/s ratio is the figure).
    const ratio = reference.p50 > 0 ? row.p50 / reference.p50 : reference.requestsPerSecond / row.requestsPerSecond;
    lines.push([
      `${target.label} vs ${target.reference}, uncached p50`,
      `${row.p50} / ${reference.p50} ms = ${ratio.toFixed(2)}× (req/s ${(row.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}×)`,
      `<= ${TARGETS.variantVsAuthorP50}×`,
      ratio <= TARGETS.variantVsAuthorP50 ? 'PASS' : 'FAIL',
    ]);
  }
  const [cachedAuthor, cachedVariant] = cached;
  if (cachedAuthor && cachedVariant) {
    const share = cachedVariant.requestsPerSecond / cachedAuthor.requestsPerSecond;
    lines.push([
      'budget variant cached vs author page cached, req/s',
      `${cachedVariant.requestsPerSecond.toFixed(0)} / ${cachedAuthor.requestsPerSecond.toFixed(0)} = ${(share * 100).toFixed(1)} %`,
      `>= ${TARGETS.cachedVariantVsCachedPage * 100} %`,
      share >= TARGETS.cachedVariantVsCachedPage ? 'PASS' : 'FAIL',
    ]);
  }
  lines.push([
    `${TARGETS.concurrentRequests} concurrent requests, new variant (cache on)`,
    `${concurrency.misses} MISS, ${concurrency.hits} HIT${concurrency.other ? `, ${concurrency.other} other` : ''}; ${concurrency.distinctBodies} distinct bod${concurrency.distinctBodies === 1 ? 'y' : 'ies'}`,
    'exactly 1 MISS (one render)',
    concurrency.misses === 1 && concurrency.other === 0 && concurrency.distinctBodies === 1 ? 'PASS' : 'FAIL',
  ]);
  lines.push([
    'same variant, parameters in another order',
    `X-Cache ${concurrency.reorderedState}`,
    'HIT (one entry per normalised query)',
    concurrency.reorderedState === 'HIT' ? 'PASS' : 'FAIL',
  ]);
  return lines;
}

async function main() {
  ensureProductionProcess();
  requireProductionBuild('bench/personalize.ts');
  const options = parseOptions();
  console.log(`command: npx tsx bench/personalize.ts ${process.argv.slice(2).join(' ')}`.trimEnd());
  console.log(
    `bench:personalize: production build, SQLite, node ${process.version}, NODE_ENV=${process.env.NODE_ENV}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ` +
      `load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`,
  );
  console.log(
    `  ${options.duration} s per row after ${options.warmup} s warm-up, ${options.connections} connections, ${options.generator}` +
      `${options.generator === 'wrk' ? ` (${options.workers} thread(s))` : ` (${options.workers} worker thread(s))`}, User-Agent "${BENCH_USER_AGENT}", Accept-Encoding br; server in this process`,
  );
  process.once('SIGINT', onInterrupt);
  process.once('SIGTERM', onInterrupt);
  const database = await prepareBenchDatabase(0);
  const removeDatabase = () => rmSync(database.dir, { recursive: true, force: true });
  stoppers.add(removeDatabase);
  const invalid: string[] = [];
  try {
    const uncached = await uncachedPhase(options, database.file, database.catalogue.published, invalid);
    const cached = await cachedPhase(options, database.file, uncached.plan, invalid);

    console.log(
      `\nSummary (${options.generator}, ${options.duration} s per row, ${options.connections} connections; ` +
        `latency in ${options.generator === 'wrk' ? 'ms' : "whole ms (autocannon's histogram resolution)"}; ms/req = 1000 / req/s, one server process)`,
    );
    printRows([...uncached.rows, ...cached.rows], uncached.targets);
    console.log(`\nTargets (bench/README-personalize.md)`);
    printTable(['figure', 'measured', 'target', 'verdict'], targetLines(uncached.rows, uncached.targets, cached.rows, cached.concurrency));
    console.log(`Load average at the end: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);

    for (const row of [...uncached.rows, ...cached.rows]) if (row.non2xx > 0 || row.errors > 0) invalid.push(`${row.target}: ${row.non2xx} non-2xx, ${row.errors} errors`);
    if (invalid.length > 0) {
      console.error(`\nbench:personalize: the figures above are not valid:\n  ${invalid.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    removeDatabase();
    stoppers.delete(removeDatabase);
    process.removeListener('SIGINT', onInterrupt);
    process.removeListener('SIGTERM', onInterrupt);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
