/**
 * The database every server of a bench run serves: a new SQLite file in a temporary directory, prepared
 * in this process before any server starts (migrations, the admin, the demo content, and `--builds N`
 * generated builds), then opened by each server in turn. Preparing it here, not in a server, lets the
 * cached and the uncached server read the very same catalogue, and keeps the inserts out of the figures.
 *
 * The application modules are imported lazily (see start-site.ts: NODE_ENV must be set first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_CATEGORIES, type BuildCategory } from '../src/common/catalog';
import { canonicalHomeQuery, HOME_PAGE_SIZE } from '../src/common/home-query';
import { slugify } from '../src/common/slug';
import { demoBuilds } from '../src/db/seed-data';
import { generateBuilds, insertGeneratedBuilds } from './generated-builds';
import { ADMIN } from './start-site';

export interface Catalogue {
  /** Slugs of every published build (demo and generated). */
  published: string[];
  /** Published builds per category. */
  byCategory: Record<BuildCategory, number>;
  /** Builds added by --builds. */
  generated: number;
  /**
   * The page the build figures are measured on: the published demo build with the most components (the
   * heaviest demo page), the same whatever --builds is, so runs with and without it compare.
   */
  buildPage: { slug: string; title: string; components: number };
}

export interface BenchDatabase {
  /** Temporary directory holding the database; remove() deletes it. */
  dir: string;
  /** The SQLite file, for DATABASE_URL. */
  file: string;
  catalogue: Catalogue;
  /** Time taken to add the generated builds (generation and inserts). */
  insertSeconds: number;
  remove(): void;
}

function heaviestDemoBuild(): Catalogue['buildPage'] {
  const published = demoBuilds.filter((build) => build.status === 'published');
  const heaviest = published.reduce((best, build) => (build.components.length > best.components.length ? build : best));
  return { slug: slugify(heaviest.title), title: heaviest.title, components: heaviest.components.length };
}

/** Creates, migrates and seeds the database, adds `extraBuilds` generated builds and reads back the catalogue. */
export async function prepareBenchDatabase(extraBuilds: number): Promise<BenchDatabase> {
  const [{ loadConfig }, { bootstrap }] = await Promise.all([import('../src/config/env'), import('../src/server/bootstrap')]);
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-bench-db-'));
  const file = join(dir, 'bench.sqlite');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    // The server's own start-up (migrations, first admin, demo content), without its background jobs.
    const runtime = await bootstrap(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: file, LOG_REQUESTS: 'false', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
      { runJobs: false },
    );
    try {
      const started = performance.now();
      if (extraBuilds > 0) await insertGeneratedBuilds(runtime.database.db, generateBuilds(extraBuilds));
      const insertSeconds = (performance.now() - started) / 1000;
      const rows = await runtime.database.db.selectFrom('builds').select(['slug', 'category']).where('status', '=', 'published').execute();
      const byCategory = Object.fromEntries(BUILD_CATEGORIES.map((category) => [category, rows.filter((row) => row.category === category).length])) as Record<BuildCategory, number>;
      const buildPage = heaviestDemoBuild();
      if (!rows.some((row) => row.slug === buildPage.slug)) throw new Error(`the demo build ${buildPage.slug} is not published in the bench database`);
      return { dir, file, catalogue: { published: rows.map((row) => row.slug), byCategory, generated: extraBuilds, buildPage }, insertSeconds, remove };
    } finally {
      await runtime.shutdown();
    }
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Every home page a visitor can reach by paging: `/?pagina=1..N` of the unfiltered list and of each
 * category, HOME_PAGE_SIZE builds a page, spelled as the site spells them (canonicalHomeQuery).
 */
export function homePages(catalogue: Catalogue): string[] {
  const lists: { category: BuildCategory | null; count: number }[] = [
    { category: null, count: catalogue.published.length },
    ...BUILD_CATEGORIES.map((category) => ({ category, count: catalogue.byCategory[category] })),
  ];
  return lists.flatMap(({ category, count }) =>
    Array.from({ length: Math.max(1, Math.ceil(count / HOME_PAGE_SIZE)) }, (_, index) => `/${canonicalHomeQuery({ category, budget: null, page: index + 1 })}`),
  );
}
