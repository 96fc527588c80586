/**
 * Lighthouse report (`npm run bench:lighthouse`, see bench/README-pages.md).
 *
 * Starts the production server (as bench/pages.ts does) on a fresh SQLite database with the demo
 * content, launches Debian's Chromium with chrome-launcher and runs Lighthouse with its default,
 * mobile settings (formFactor mobile, mobile screen emulation, simulated slow-4G and 4x CPU throttling)
 * on the home and on a build page. Prints the performance, accessibility, best-practices and SEO
 * scores (0-100) per page, PASS/FAIL against 100, and for every category under 100 the audits that
 * cost points, with the elements or resources they flag. Full reports (HTML and JSON) are written to
 * a directory printed at the end.
 *
 * It is a report: the exit code is 0 whatever the scores, 1 only when Lighthouse itself fails to run.
 *
 *   npm run build && npx tsx bench/lighthouse.ts [--runs 1] [--out <dir>]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium';
import { ensureProductionProcess, requireProductionBuild, type Site, startSite } from './start-site';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET_SCORE = 100;
/** Items (elements, resources, messages) shown per failing audit; the HTML report has them all. */
const MAX_ITEMS = 6;

interface Options {
  runs: number;
  out: string | undefined;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npx tsx bench/lighthouse.ts [--runs <n>=1] [--out <dir>]\n' +
        '  Needs `npm run build` first and Chromium at /usr/bin/chromium (or $CHROMIUM_PATH).\n' +
        '  --runs n   run Lighthouse n times per page and report the run with the median performance score\n' +
        '  --out dir  where to write the HTML and JSON reports (default: a new directory under the system temp dir)',
    );
    process.exit(0);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
    console.error(`--runs must be an integer between 1 and 9 (got "${values.runs}")`);
    process.exit(2);
  }
  return { runs, out: values.out };
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
  lhr: Result;
  files: string[];
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
      console.log(`    - ${ref.id}: "${audit.title}" score ${percent(audit.score)}${value} (weight ${ref.weight})`);
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

async function audit(chrome: LaunchedChrome, site: Site, page: { label: string; path: string; file: string }, options: Options, out: string): Promise<PageReport> {
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
  if (options.runs > 1) {
    // In the order they ran: the score and Total Blocking Time of each run (TBT is what varies most).
    const perRun = [...runs]
      .sort((a, b) => a.order - b.order)
      .map((run) => `${percent(run.lhr.categories.performance?.score)} (TBT ${Math.round(run.lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms)`)
      .join(', ');
    console.log(`${page.label}: performance over ${options.runs} runs ${perRun}; reporting the median run`);
  }
  return { label: page.label, url, lhr: chosen.lhr, files };
}

async function main() {
  ensureProductionProcess();
  requireProductionBuild('bench/lighthouse.ts');
  const options = parseOptions();
  const out = options.out ? resolve(options.out) : mkdtempSync(join(tmpdir(), 'buildpc-lighthouse-'));
  mkdirSync(out, { recursive: true });

  let site: Site | undefined;
  let chrome: LaunchedChrome | undefined;
  const interrupted = () => {
    // Ctrl-C: Chromium must not outlive the script, nor the database's temporary directory.
    chrome?.kill(); // synchronous: kills Chromium's process group and removes its profile directory
    if (site) rmSync(site.dir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    site = await startSite();
    chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent', handleSIGINT: false });
    const pages = [
      { label: 'Home', path: '/', file: 'home' },
      { label: 'Build page', path: `/build/${site.build.slug}`, file: 'build' },
    ];
    const reports: PageReport[] = [];
    for (const page of pages) reports.push(await audit(chrome, site, page, options, out));

    console.log(`\nbench:lighthouse: production build on ${site.url}, Chromium ${CHROMIUM_PATH}, target ${TARGET_SCORE} in every category`);
    for (const report of reports) printPage(report);

    const header = ['page', ...CATEGORIES];
    const rows = reports.map((report) => [report.label, ...CATEGORIES.map((id) => String(percent(report.lhr.categories[id]?.score) ?? 'n/a'))]);
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
    console.log('\nSummary (scores 0-100, mobile, simulated throttling)');
    console.log(format(header));
    console.log(widths.map((width) => '-'.repeat(width)).join('  '));
    for (const row of rows) console.log(format(row));
    const failing = reports.flatMap((report) =>
      CATEGORIES.filter((id) => percent(report.lhr.categories[id]?.score) !== TARGET_SCORE).map((id) => `${report.label} ${id}`),
    );
    console.log(`\nTarget ${TARGET_SCORE}/${TARGET_SCORE}/${TARGET_SCORE}/${TARGET_SCORE}: ${failing.length === 0 ? 'PASS' : `FAIL (${failing.join(', ')})`}`);

    if (failing.length > 0) {
      console.log('\nWhat to fix (audits below 100 in the categories under target):');
      for (const report of reports) printFailingAudits(report);
    }
    console.log(`\nFull reports: ${reports.flatMap((report) => report.files).join(', ')}`);
  } finally {
    chrome?.kill();
    await site?.close();
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
  }
}

main().catch((error: unknown) => {
  console.error('bench:lighthouse: Lighthouse could not run:', error);
  process.exitCode = 1;
});
