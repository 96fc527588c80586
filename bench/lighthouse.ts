/**
 * Lighthouse report (`npm run bench:lighthouse`, see bench/README-pages.md).
 *
 * Starts the production server (as bench/pages.ts does) on a fresh SQLite database with the demo
 * content (and, with --builds N, N generated builds), launches Debian's Chromium with chrome-launcher
 * and runs Lighthouse with its default, mobile settings (formFactor mobile, mobile screen emulation,
 * simulated slow-4G and 4x CPU throttling) on the home, on a build page and on a personalised variant of
 * a build (decision 030: 2 swaps, 1 owned part and a budget the fit meets with a swap of its own; see
 * personalize-variants.ts), on the search, comparison and deals pages, --runs times each. Prints
 * every run's four scores (0-100), Total Blocking Time and Largest Contentful Paint, then per page
 * PASS/FAIL for the page performance targets: 100 in all four categories in every run, TBT 0 ms and LCP
 * at most 1.0 s (simulated) in every run. For the median run (by performance) it details the metrics and, for
 * every category under 100, the audits that cost points. Full reports (HTML and JSON) of the median
 * runs are written to a directory printed at the end.
 *
 * The variant page carries `<meta name="robots" content="noindex">` by design (its canonical is the
 * author's page), so Lighthouse's SEO audit `is-crawlable` fails on it and its SEO score is below 100:
 * that audit is expected to fail there (and checked to), every other SEO audit must pass.
 *
 * It is a report: the exit code is 0 whatever the scores, 1 only when Lighthouse itself fails to run.
 *
 *   npm run build && npx tsx bench/lighthouse.ts [--runs 10] [--builds 3000] [--out <dir>]
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium';
import { type BenchDatabase, prepareBenchDatabase } from './bench-database';
import { buildWithMostAlternatives, findBudget, queryOf, readBuild, swapsAndOwned } from './personalize-variants';
import { ensureProductionProcess, REPO_ROOT, requireProductionBuild, type Site, startSite } from './start-site';
import { printTable } from './table';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET_SCORE = 100;
/** Total Blocking Time 0 ms and Largest Contentful Paint at most 1.0 s (simulated), in every run. */
const TARGET_TBT_MS = 0;
const TARGET_LCP_MS = 1000;
const MAX_RUNS = 20;
/** Items (elements, resources, messages) shown per failing audit; the HTML report has them all. */
const MAX_ITEMS = 6;

interface Options {
  runs: number;
  builds: number;
  out: string | undefined;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      builds: { type: 'string', default: '0' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npx tsx bench/lighthouse.ts [--runs <n>=1] [--builds <n>=0] [--out <dir>]\n' +
        '  Needs `npm run build` first and Chromium at /usr/bin/chromium (or $CHROMIUM_PATH).\n' +
        `  --runs n     run Lighthouse n times per page (at most ${MAX_RUNS}): every run is listed and checked, the median\n` +
        '               run (by performance score) is detailed\n' +
        '  Pages: the home, a build page and a personalised variant of the demo build with the most alternatives.\n' +
        '  --builds n   add n generated published builds to the demo content first (as bench/pages.ts --builds)\n' +
        '  --out dir    where to write the HTML and JSON reports (default: a new directory under the system temp dir)',
    );
    process.exit(0);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > MAX_RUNS) {
    console.error(`--runs must be an integer between 1 and ${MAX_RUNS} (got "${values.runs}")`);
    process.exit(2);
  }
  const builds = Number(values.builds);
  if (!Number.isInteger(builds) || builds < 0 || builds > 100_000) {
    console.error(`--builds must be an integer between 0 and 100000 (got "${values.builds}")`);
    process.exit(2);
  }
  return { runs, builds, out: values.out };
}

const percent = (score: number | null | undefined) => (score === null || score === undefined ? null : Math.round(score * 100));

function shorten(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** One line per flagged item: the element (selector, snippet, why) or the resource, whatever the audit reports. */
function describeItem(item: Record<string, any>): string {
  const parts: string[] = [];
  const node = item.node ?? (item.type === 'node' ? item : undefined);
  if (node?.type === 'node') {
    if (node.selector) parts.push(node.selector);
    if (node.snippet) parts.push(shorten(node.snippet, 120));
    if (node.explanation) parts.push(`— ${shorten(node.explanation, 240)}`);
  }
  const url = typeof item.url === 'string' ? item.url : item.source?.url;
  if (url) parts.push(url + (item.source?.line !== undefined ? `:${item.source.line}` : ''));
  for (const key of ['groupLabel', 'description', 'label', 'reason', 'failureReason', 'issue', 'directive']) {
    if (typeof item[key] === 'string' && item[key]) parts.push(shorten(item[key]));
  }
  // Timings (ms) and sizes (bytes) that tables such as bootup-time or mainthread-work-breakdown report.
  for (const key of ['total', 'scripting', 'scriptParseCompile', 'duration']) {
    if (typeof item[key] === 'number' && item[key] >= 1) parts.push(`${key} ${Math.round(item[key])} ms`);
  }
  if (typeof item.transferSize === 'number' && item.transferSize > 0) parts.push(`${(item.transferSize / 1024).toFixed(1)} KiB transferred`);
  if (typeof item.wastedBytes === 'number' && item.wastedBytes > 0) parts.push(`${Math.round(item.wastedBytes / 1024)} KiB to save`);
  if (typeof item.wastedMs === 'number' && item.wastedMs > 0) parts.push(`${Math.round(item.wastedMs)} ms to save`);
  if (parts.length === 0) parts.push(shorten(JSON.stringify(item)));
  return parts.join('  ');
}

/** The rows of an audit's details (tables, lists, opportunities), nested lists flattened. */
function detailItems(details: any): Record<string, any>[] {
  if (!details || typeof details !== 'object') return [];
  if (details.type === 'list' && Array.isArray(details.items)) return details.items.flatMap((inner: any) => detailItems(inner));
  if (Array.isArray(details.items)) return details.items.filter((item: unknown) => item && typeof item === 'object');
  return [];
}

interface PageReport {
  label: string;
  url: string;
  /** Audits that fail on this page by design (the variant's noindex: is-crawlable); checked to fail. */
  expectedFailures: string[];
  /** The median run (by performance score): detailed, and its reports written. */
  lhr: Result;
  /** Every run, in the order they ran. */
  runs: Result[];
  files: string[];
}

/** What the targets check in each run. */
interface RunFigures {
  scores: (number | null)[];
  tbtMs: number;
  lcpMs: number;
}

function runFigures(lhr: Result): RunFigures {
  return {
    scores: CATEGORIES.map((id) => percent(lhr.categories[id]?.score)),
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
  };
}

/** Every run of a page: its four scores, TBT and LCP (both simulated, as Lighthouse scores them). */
function printRuns(report: PageReport) {
  console.log(`\n${report.label}  ${report.url}: ${report.runs.length} run(s)`);
  printTable(
    ['run', ...CATEGORIES, 'TBT ms', 'LCP ms'],
    report.runs.map((lhr, index) => {
      const figures = runFigures(lhr);
      return [String(index + 1), ...figures.scores.map((score) => String(score ?? 'n/a')), figures.tbtMs.toFixed(0), figures.lcpMs.toFixed(0)];
    }),
  );
}

interface Verdict {
  check: string;
  measured: string;
  pass: boolean;
}

/** Every scored audit of the category passes, apart from the ones expected to fail. */
function passesApartFrom(lhr: Result, id: (typeof CATEGORIES)[number], expected: string[]): boolean {
  return (lhr.categories[id]?.auditRefs ?? []).every((ref) => {
    const audit = lhr.audits[ref.id];
    return ref.weight === 0 || expected.includes(ref.id) || !audit || audit.score === null || audit.score >= 1;
  });
}

/** A run meets the score target: 100 in every category, or, where audits are expected to fail, every other audit of that category passes. */
function perfectRun(lhr: Result, expected: string[]): boolean {
  return CATEGORIES.every((id) => {
    if (percent(lhr.categories[id]?.score) === TARGET_SCORE) return true;
    const expectedHere = expected.filter((audit) => lhr.categories[id]?.auditRefs.some((ref) => ref.id === audit));
    return expectedHere.length > 0 && passesApartFrom(lhr, id, expectedHere);
  });
}

/** The checks for one page, over every run. TBT counts as 0 when Lighthouse shows "0 ms" (under 0.5). */
function verdicts(report: PageReport): Verdict[] {
  const runs = report.runs.map(runFigures);
  const perfect = report.runs.filter((lhr) => perfectRun(lhr, report.expectedFailures)).length;
  const tbtZero = runs.filter((run) => Math.round(run.tbtMs) <= TARGET_TBT_MS).length;
  const lcpFast = runs.filter((run) => run.lcpMs <= TARGET_LCP_MS).length;
  const worstTbt = Math.max(...runs.map((run) => run.tbtMs));
  const worstLcp = Math.max(...runs.map((run) => run.lcpMs));
  const total = runs.length;
  const scoreCheck =
    report.expectedFailures.length === 0
      ? `${TARGET_SCORE}/${TARGET_SCORE}/${TARGET_SCORE}/${TARGET_SCORE} in every run`
      : `${TARGET_SCORE} in every category apart from ${report.expectedFailures.join(', ')} (by design), every run`;
  const expectedChecks = report.expectedFailures.map((id) => {
    const failed = report.runs.filter((lhr) => (lhr.audits[id]?.score ?? 1) < 1).length;
    const seo = report.runs.map((lhr) => String(percent(lhr.categories.seo?.score) ?? 'n/a')).join('/');
    return { check: `${id} fails (noindex by design)`, measured: `${failed} of ${total} runs (SEO score ${seo})`, pass: failed === total };
  });
  return [
    { check: scoreCheck, measured: `${perfect} of ${total} runs`, pass: perfect === total },
    ...expectedChecks,
    { check: `TBT ${TARGET_TBT_MS} ms in every run`, measured: `${tbtZero} of ${total} runs (worst ${worstTbt.toFixed(0)} ms)`, pass: tbtZero === total },
    { check: `LCP <= ${(TARGET_LCP_MS / 1000).toFixed(1)} s in every run (simulated)`, measured: `${lcpFast} of ${total} runs (worst ${(worstLcp / 1000).toFixed(2)} s)`, pass: lcpFast === total },
  ];
}

function printPage(report: PageReport) {
  const { lhr } = report;
  console.log(`\n${report.label}  ${report.url}`);
  console.log(
    `  Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, throttling ${lhr.configSettings.throttlingMethod}, ` +
      `screen ${lhr.configSettings.screenEmulation.width}x${lhr.configSettings.screenEmulation.height}`,
  );
  // Lighthouse's CPU benchmark of this machine, at the time of the run: simulated throttling multiplies
  // observed CPU time by 4 on the assumption of a fast desktop (index around 1000 or more); a busy or
  // slow machine gives a lower index and inflates Total Blocking Time.
  console.log(`  host CPU benchmark index ${Math.round(lhr.environment.benchmarkIndex)}, Chromium ${lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?'}`);
  for (const warning of lhr.runWarnings) console.log(`  warning: ${shorten(warning, 300)}`);
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
    .map((id) => lhr.audits[id])
    .filter((audit) => audit?.displayValue)
    .map((audit) => `${audit!.title} ${audit!.displayValue}`);
  if (metrics.length > 0) console.log(`  metrics: ${metrics.join(', ')}`);
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    const score = percent(category?.score);
    console.log(`  ${(category?.title ?? id).padEnd(15)} ${String(score ?? 'n/a').padStart(3)}  ${score === TARGET_SCORE ? 'PASS' : 'FAIL'}`);
  }
}

/**
 * What the paint metrics are made of: the LCP element and its phases, and the requests the page starts
 * before its first paint, which share the simulated slow-4G link (1.6 Mbit/s, 150 ms RTT) with the
 * render-blocking stylesheet. The audits alone do not say where FCP's time goes.
 */
function printPaintBreakdown(lhr: Result) {
  const lcp = lhr.audits['largest-contentful-paint-element']?.details as any;
  const tables = lcp?.type === 'list' ? (lcp.items as any[]) : [];
  const element = tables[0]?.items?.[0]?.node;
  if (element) console.log(`    LCP element: ${element.selector ?? ''} "${shorten(element.nodeLabel ?? '', 80)}"`);
  const phases = (tables[1]?.items as { phase: string; timing: number }[] | undefined) ?? [];
  if (phases.length > 0) console.log(`    LCP phases (simulated): ${phases.map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', ')}`);
  const observed = (lhr.audits.metrics?.details as any)?.items?.[0]?.observedFirstContentfulPaint as number | undefined;
  const requests = ((lhr.audits['network-requests']?.details as any)?.items ?? []) as any[];
  if (observed === undefined || requests.length === 0) return;
  const early = requests.filter((request) => request.networkRequestTime < observed);
  const total = early.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  console.log(`    requests started before the first paint (unthrottled ${Math.round(observed)} ms): ${early.length}, ${(total / 1024).toFixed(1)} KiB transferred`);
  for (const request of early) {
    const path = String(request.url).replace(/^https?:\/\/[^/]+/, '');
    console.log(`        ${request.resourceType ?? '?'} ${request.priority ?? ''} ${((request.transferSize ?? 0) / 1024).toFixed(1)} KiB  ${path}`);
  }
}

/** The audits that cost points (or are flagged) in every category under 100. */
function printFailingAudits(report: PageReport) {
  const { lhr } = report;
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || percent(category.score) === TARGET_SCORE) continue;
    console.log(`\n  ${report.label}: ${category.title} ${percent(category.score)}, audits below 100:`);
    let shown = 0;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.group === 'hidden' || audit.score === null || audit.score >= 1) continue;
      if (['manual', 'notApplicable', 'informative', 'error'].includes(audit.scoreDisplayMode)) continue;
      shown += 1;
      const value = audit.displayValue ? `, ${audit.displayValue}` : '';
      const expected = report.expectedFailures.includes(ref.id) ? ' (expected: the variant is noindex by design)' : '';
      console.log(`    - ${ref.id}: "${audit.title}" score ${percent(audit.score)}${value} (weight ${ref.weight})${expected}`);
      const items = detailItems(audit.details);
      for (const item of items.slice(0, MAX_ITEMS)) console.log(`        ${describeItem(item)}`);
      if (items.length > MAX_ITEMS) console.log(`        … and ${items.length - MAX_ITEMS} more (see the HTML report)`);
    }
    if (shown === 0) console.log('    (no single scored audit below 100: the score comes from the weighted metrics above)');
    if (id === 'performance') printPaintBreakdown(lhr);
  }
  const errors = Object.values(lhr.audits).filter((audit) => audit.scoreDisplayMode === 'error');
  for (const audit of errors) console.log(`    ! audit ${audit.id} could not run: ${shorten(audit.errorMessage ?? 'unknown error', 300)}`);
}

interface AuditedPage {
  label: string;
  path: string;
  file: string;
  expectedFailures: string[];
}

/**
 * A personalised variant of the demo build with the most alternatives: 2 swaps, 1 owned part and a
 * budget at which the fit swaps a part of its own (or, if no such budget exists, the variant's total).
 */
async function variantPath(site: Site): Promise<string> {
  const build = await buildWithMostAlternatives(site.url, site.builds.map((published) => published.slug));
  const base = swapsAndOwned(build);
  let query: string;
  try {
    query = (await findBudget(site.url, build.slug, base, 1, 3)).query;
  } catch {
    const total = (await readBuild(site.url, build.slug, queryOf(base))).total_price;
    query = queryOf({ ...base, budgetCents: Math.ceil(total) * 100 });
  }
  return `/build/${encodeURIComponent(build.slug)}?${query}`;
}

async function audit(chrome: LaunchedChrome, site: Site, page: AuditedPage, options: Options, out: string): Promise<PageReport> {
  const url = `${site.url}${page.path}`;
  const flags: Flags = {
    port: chrome.port,
    output: ['html', 'json'],
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Lighthouse's defaults, spelled out: a mid-range phone on slow 4G, simulated.
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  };
  const runs: { lhr: Result; report: string[]; order: number }[] = [];
  for (let run = 0, failures = 0; run < options.runs; run++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const error = result.lhr.runtimeError;
    // NO_NAVSTART: Chromium now and then loses the trace of a load. Lighthouse itself says to run again.
    if (error?.code === 'NO_NAVSTART' && failures < 3) {
      failures += 1;
      run -= 1;
      continue;
    }
    if (error) throw new Error(`Lighthouse could not audit ${url}: ${error.code} ${error.message}`);
    runs.push({ lhr: result.lhr, report: Array.isArray(result.report) ? result.report : [result.report], order: runs.length });
  }
  // The median run by performance score (the only category that varies between runs).
  runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
  const chosen = runs[Math.floor((runs.length - 1) / 2)]!;
  const [html, json] = chosen.report;
  const files = [join(out, `${page.file}.html`), join(out, `${page.file}.json`)];
  writeFileSync(files[0]!, html ?? '');
  writeFileSync(files[1]!, json ?? JSON.stringify(chosen.lhr));
  const inOrder = [...runs].sort((a, b) => a.order - b.order).map((run) => run.lhr);
  return { label: page.label, url, expectedFailures: page.expectedFailures, lhr: chosen.lhr, runs: inOrder, files };
}

async function main() {
  ensureProductionProcess();
  requireProductionBuild('bench/lighthouse.ts');
  const options = parseOptions();
  const out = options.out ? resolve(options.out) : mkdtempSync(join(tmpdir(), 'buildpc-lighthouse-'));
  mkdirSync(out, { recursive: true });
  console.log(`command: npx tsx ${relative(REPO_ROOT, process.argv[1] ?? 'bench/lighthouse.ts')} ${process.argv.slice(2).join(' ')}`.trimEnd());
  // Simulated throttling scales the CPU time observed on this machine: a busy machine inflates TBT.
  console.log(`${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);

  let database: BenchDatabase | undefined;
  let site: Site | undefined;
  let chrome: LaunchedChrome | undefined;
  const interrupted = () => {
    // Ctrl-C: Chromium must not outlive the script, nor the database's temporary directory.
    chrome?.kill(); // synchronous: kills Chromium's process group and removes its profile directory
    database?.remove();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    database = await prepareBenchDatabase(options.builds);
    site = await startSite({ databaseFile: database.file });
    chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent', handleSIGINT: false });
    const pages: AuditedPage[] = [
      { label: 'Home', path: '/', file: 'home', expectedFailures: [] },
      { label: 'Build page', path: `/build/${database.catalogue.buildPage.slug}`, file: 'build', expectedFailures: [] },
      { label: 'Variant page', path: await variantPath(site), file: 'variant', expectedFailures: ['is-crawlable'] },
      // noindex by design (endless variations of the builds' own pages): "is-crawlable" is expected to fail.
      { label: 'Search results', path: '/cerca?q=gaming', file: 'search', expectedFailures: ['is-crawlable'] },
      // The deals page (decision 046): indexed; on the demo content, its empty state with the last check.
      { label: 'Deals', path: '/offerte', file: 'deals', expectedFailures: [] },
      {
        label: 'Comparison',
        path: `/confronta?${database.catalogue.published.slice(0, 3).map((slug) => `build=${slug}`).join('&')}`,
        file: 'compare',
        expectedFailures: ['is-crawlable'],
      },
    ];
    const reports: PageReport[] = [];
    for (const page of pages) reports.push(await audit(chrome, site, page, options, out));

    console.log(
      `\nbench:lighthouse: production build on ${site.url}, ${database.catalogue.published.length} published builds ` +
        `(${database.catalogue.generated} generated), Chromium ${CHROMIUM_PATH}, ${options.runs} run(s) per page`,
    );
    for (const report of reports) printRuns(report);
    console.log('\nMedian run of each page (by performance score), in detail:');
    for (const report of reports) printPage(report);

    console.log('\nTargets (bench/README-pages.md; mobile, simulated throttling)');
    const lines = reports.flatMap((report) => verdicts(report).map((verdict) => [report.label, verdict.check, verdict.measured, verdict.pass ? 'PASS' : 'FAIL']));
    printTable(['page', 'check', 'measured', 'verdict'], lines);

    const failing = reports.filter((report) => !perfectRun(report.lhr, report.expectedFailures));
    if (failing.length > 0) {
      console.log('\nWhat to fix (the median run\'s audits below 100 in the categories under target):');
      for (const report of reports) printFailingAudits(report);
    }
    console.log(`\nFull reports (median runs): ${reports.flatMap((report) => report.files).join(', ')}`);
  } finally {
    chrome?.kill();
    await site?.close();
    database?.remove();
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
  }
}

main().catch((error: unknown) => {
  console.error('bench:lighthouse: Lighthouse could not run:', error);
  process.exitCode = 1;
});
