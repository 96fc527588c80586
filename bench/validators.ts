/**
 * Third-party validators on the public site (`npm run bench:validators`, see bench/README-validators.md).
 *
 * Starts the production server on a fresh SQLite database with the demo content (as bench/lighthouse.ts)
 * and runs on every public page type the checkers nobody here wrote:
 *   - html-validate (the standard and document presets: standards compliance, not style) on each HTML page;
 *   - structured-data-testing-tool with its Google, Twitter and Facebook presets on each HTML page;
 *   - xmllint against the sitemaps.org 0.9 schema (bench/schemas/sitemap-0.9.xsd) on every sitemap;
 *   - Python's feedparser on the RSS feed (a "bozo" feed is one it had to repair);
 *   - HTTP semantics with fetch: content type, gzip when asked, a validator (ETag or Last-Modified)
 *     on cacheable answers and 304 on a conditional GET that repeats it;
 *   - the preview image of each page (og:image): a format every preview service shows (JPEG or PNG),
 *     with og:image:width, og:image:height and og:image:alt.
 * It prints one line per page and check with the count of errors, and the first messages of each.
 *
 * The validators are not dependencies of the product: html-validate and structured-data-testing-tool are
 * read from $VALIDATORS_DIR (default ~/.cache/buildpc-validators), xmllint and feedparser from Debian
 * (libxml2-utils, python3-feedparser). A missing one is reported as "not installed" with the command
 * that installs it, and the other checks still run.
 *
 * It is a report: the exit code is 0 whatever the findings, 1 only when the site cannot start.
 *
 *   npm run build && npx tsx bench/validators.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureProductionProcess, REPO_ROOT, requireProductionBuild, type Site, startSite } from './start-site';
import { printTable } from './table';

const VALIDATORS_DIR = process.env.VALIDATORS_DIR ?? join(homedir(), '.cache/buildpc-validators');
const INSTALL_NPM = `npm install --no-save --prefix ${VALIDATORS_DIR} html-validate@11 structured-data-testing-tool@4`;
const INSTALL_APT = 'apt-get install -y libxml2-utils python3-feedparser';
const SITEMAP_SCHEMA = join(REPO_ROOT, 'bench/schemas/sitemap-0.9.xsd');
/** Debian's Python, where python3-feedparser installs (a pyenv shim first on PATH would not see it). */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
/** Messages shown per failing check; the counts cover them all. */
const MAX_MESSAGES = 4;

interface Finding {
  page: string;
  check: string;
  errors: number;
  messages: string[];
}

const findings: Finding[] = [];
function record(page: string, check: string, messages: string[]): void {
  findings.push({ page, check, errors: messages.length, messages: messages.slice(0, MAX_MESSAGES) });
}

function validatorModule<T>(name: string): T | null {
  const require = createRequire(join(VALIDATORS_DIR, 'package.json'));
  try {
    return require(name) as T;
  } catch {
    return null;
  }
}

function hasCommand(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { 'User-Agent': 'validators/1.0', ...headers }, redirect: 'manual' });
  return { response, body: await response.text() };
}

/** The page list: every public page type, with the demo's builds. */
async function publicPages(site: Site): Promise<{ label: string; path: string }[]> {
  const [first, second, third] = site.builds;
  const categories = (await (await fetch(`${site.url}/api/builds?limit=1`)).json()) as { builds: { category?: string }[] };
  const category = categories.builds[0]?.category ?? 'gaming';
  const pages = [
    { label: 'home', path: '/' },
    { label: 'home, category', path: `/?categoria=${category}` },
    { label: 'home, budget', path: '/?budget=1000' },
    { label: 'home, category + budget', path: `/?categoria=${category}&budget=1500` },
    ...site.builds.map((build) => ({ label: `build ${build.slug}`, path: `/build/${build.slug}` })),
    { label: 'search', path: '/cerca?q=gaming' },
    { label: 'search, no result', path: '/cerca?q=zzzzqqq' },
    { label: 'compare', path: `/confronta?${[first, second, third].filter(Boolean).map((build) => `build=${build!.slug}`).join('&')}` },
    { label: 'alert sent', path: '/avvisi/inviato' },
    { label: 'alert confirm, bad link', path: `/avvisi/conferma/${'A'.repeat(43)}` },
    { label: 'not found', path: '/pagina-che-non-esiste' },
  ];
  return pages;
}

function metaContent(html: string, property: string): string | null {
  const pattern = new RegExp(`<meta[^>]+(?:property|name)="${property.replace(/[.:]/g, '\\$&')}"[^>]*content="([^"]*)"`, 'i');
  return pattern.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
}

async function checkHttp(label: string, url: string, cacheable: boolean): Promise<void> {
  const messages: string[] = [];
  const plain = await get(url);
  const gzip = await get(url, { 'Accept-Encoding': 'gzip' });
  if (!plain.response.headers.get('content-type')) messages.push('no Content-Type');
  if (plain.body.length > 1024 && gzip.response.headers.get('content-encoding') !== 'gzip') messages.push('not gzip-compressed when asked');
  if (cacheable) {
    const etag = plain.response.headers.get('etag');
    const lastModified = plain.response.headers.get('last-modified');
    if (!etag && !lastModified) messages.push('no ETag or Last-Modified');
    else {
      const conditional = await get(url, etag ? { 'If-None-Match': etag } : { 'If-Modified-Since': lastModified! });
      if (conditional.response.status !== 304) messages.push(`conditional GET answered ${conditional.response.status}, not 304`);
    }
  }
  record(label, 'HTTP', messages);
}

async function checkPreview(label: string, html: string): Promise<void> {
  const messages: string[] = [];
  const image = metaContent(html, 'og:image');
  if (!image) messages.push('no og:image');
  else {
    for (const property of ['og:image:width', 'og:image:height', 'og:image:alt']) if (!metaContent(html, property)) messages.push(`no ${property}`);
    const response = await fetch(image);
    const type = response.headers.get('content-type') ?? '';
    await response.arrayBuffer();
    if (response.status !== 200) messages.push(`og:image answered ${response.status}`);
    else if (!/^image\/(jpeg|png)\b/.test(type)) messages.push(`og:image is ${type}, not JPEG or PNG`);
  }
  record(label, 'og:image', messages);
}

interface HtmlValidateModule {
  HtmlValidate: new (config: object) => { validateString(html: string): Promise<{ results: { messages: { ruleId: string; message: string; line: number }[] }[] }> };
}
interface SdttResult {
  failed: string[];
  schemas: string[];
}

/**
 * structured-data-testing-tool loads babel-polyfill (core-js 2), which replaces built-ins our server relies
 * on (its router then answers 404): it runs in a child process of its own, on the pages saved to files.
 */
const SDTT_CHILD = `
const { structuredDataTest } = require('structured-data-testing-tool');
const { Google, Twitter, Facebook } = require('structured-data-testing-tool/presets');
const fs = require('node:fs');
(async () => {
  const out = {};
  for (const file of process.argv.slice(1)) {
    const result = await structuredDataTest(fs.readFileSync(file), { presets: [Google, Twitter, Facebook] }).catch((error) => {
      if (error.type === 'VALIDATION_FAILED' && error.res) return error.res;
      throw error;
    });
    out[file] = { schemas: result.schemas, failed: result.failed.map((test) => [test.group, test.test, test.description].filter(Boolean).join(' ')) };
  }
  process.stdout.write(JSON.stringify(out));
})();
`;

function structuredDataTests(files: string[]): Record<string, SdttResult> {
  const output = execFileSync(process.execPath, ['-e', SDTT_CHILD, ...files], { cwd: VALIDATORS_DIR, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(output) as Record<string, SdttResult>;
}

async function main() {
  ensureProductionProcess();
  requireProductionBuild('bench/validators.ts');
  console.log(`command: npx tsx bench/validators.ts`);
  const htmlValidate = validatorModule<HtmlValidateModule>('html-validate');
  const sdtt = existsSync(join(VALIDATORS_DIR, 'node_modules/structured-data-testing-tool'));
  const xmllint = hasCommand('xmllint', ['--version']);
  const feedparser = hasCommand(PYTHON, ['-c', 'import feedparser']);
  const missing = [!htmlValidate && 'html-validate', !sdtt && 'structured-data-testing-tool', !xmllint && 'xmllint', !feedparser && 'feedparser'].filter(Boolean);
  if (missing.length > 0) console.log(`not installed: ${missing.join(', ')} (install with: ${INSTALL_NPM}; ${INSTALL_APT})`);

  const site = await startSite();
  const scratch = mkdtempSync(join(tmpdir(), 'buildpc-validators-'));
  try {
    const validator = htmlValidate ? new htmlValidate.HtmlValidate({ extends: ['html-validate:standard', 'html-validate:document'] }) : null;
    const htmlFiles: { label: string; file: string }[] = [];
    for (const page of await publicPages(site)) {
      const url = `${site.url}${page.path}`;
      const { response, body } = await get(url);
      if (response.status >= 300 && response.status < 400) {
        record(page.label, 'HTTP', [`answered ${response.status} → ${response.headers.get('location')}`]);
        continue;
      }
      const noStore = /no-store/.test(response.headers.get('cache-control') ?? '');
      await checkHttp(page.label, url, response.status === 200 && !noStore);
      if (validator) {
        const report = await validator.validateString(body);
        record(page.label, 'html-validate', report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId} (line ${message.line}): ${message.message}`)));
      }
      const file = join(scratch, `page-${htmlFiles.length}.html`);
      writeFileSync(file, body);
      htmlFiles.push({ label: page.label, file });
      if (response.status === 200) await checkPreview(page.label, body);
    }
    if (sdtt) {
      const results = structuredDataTests(htmlFiles.map((page) => page.file));
      for (const page of htmlFiles) {
        const result = results[page.file]!;
        record(page.label, `structured data (${result.schemas.join(', ') || 'none'})`, result.failed);
      }
    }

    const index = await get(`${site.url}/sitemap.xml`);
    const sitemaps = [{ label: 'sitemap.xml', body: index.body }];
    for (const match of index.body.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)) sitemaps.push({ label: new URL(match[1]!).pathname.slice(1), body: (await get(match[1]!)).body });
    await checkHttp('sitemap.xml', `${site.url}/sitemap.xml`, true);
    for (const sitemap of sitemaps) {
      if (!xmllint) break;
      const file = join(scratch, sitemap.label);
      writeFileSync(file, sitemap.body);
      try {
        execFileSync('xmllint', ['--noout', '--schema', SITEMAP_SCHEMA, file], { stdio: 'pipe' });
        record(sitemap.label, 'xmllint (sitemaps.org 0.9)', []);
      } catch (error) {
        const stderr = String((error as { stderr?: Buffer }).stderr ?? error);
        record(sitemap.label, 'xmllint (sitemaps.org 0.9)', stderr.split('\n').filter((line) => line && !/validates$|fails to validate$/.test(line)));
      }
    }

    await checkHttp('feed.xml', `${site.url}/feed.xml`, true);
    if (feedparser) {
      const script =
        'import feedparser, json, sys\n' +
        'd = feedparser.parse(sys.argv[1])\n' +
        'print(json.dumps({"bozo": bool(d.bozo), "error": str(d.get("bozo_exception", "")), "entries": len(d.entries), "version": d.version}))';
      // From a file: a child that fetched the URL itself would wait on this process, blocked in execFileSync.
      const feedFile = join(scratch, 'feed.xml');
      writeFileSync(feedFile, (await get(`${site.url}/feed.xml`)).body);
      const out = JSON.parse(execFileSync(PYTHON, ['-c', script, feedFile], { encoding: 'utf8' })) as { bozo: boolean; error: string; entries: number; version: string };
      record(`feed.xml (${out.version}, ${out.entries} items)`, 'feedparser', out.bozo ? [out.error] : []);
    }
    await checkHttp('robots.txt', `${site.url}/robots.txt`, true);
    await checkHttp('/api/builds', `${site.url}/api/builds`, true);

    console.log(`\nbench:validators: production build on ${site.url}, ${site.builds.length} published demo builds`);
    printTable(['page', 'check', 'errors'], findings.map((finding) => [finding.page, finding.check, String(finding.errors)]));
    const failing = findings.filter((finding) => finding.errors > 0);
    console.log(`\n${findings.length} checks, ${failing.length} with errors (${failing.reduce((sum, finding) => sum + finding.errors, 0)} errors in all)`);
    for (const finding of failing) {
      console.log(`\n${finding.page} — ${finding.check}: ${finding.errors}`);
      for (const message of finding.messages) console.log(`  ${message}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await site.close();
  }
}

if (!existsSync(SITEMAP_SCHEMA)) throw new Error(`missing ${SITEMAP_SCHEMA}`);
main().catch((error: unknown) => {
  console.error('bench:validators: the site could not be checked:', error);
  process.exitCode = 1;
});
