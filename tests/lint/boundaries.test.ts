/**
 * The layering rules of eslint.config.js (docs/architecture.md, "Shape of the code") catch a violation:
 * each case lints a small source as if it were a file at `filePath`, with the project's own config, and
 * expects the error `npm run lint` would print, or none for the allowed counterpart.
 *
 * Type information is switched off here: the layering rules do not use it, and building the TypeScript
 * program would cost this test 20-30 s.
 */
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked as Linter.Config });
});

async function errorsOf(filePath: string, source: string): Promise<Array<{ rule: string | null; message: string; line: number }>> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return result!.messages.filter((m) => m.severity === 2).map((m) => ({ rule: m.ruleId, message: m.message, line: m.line }));
}

const BOUNDARIES = 'boundaries/dependencies';

const FACES = 'project/module-faces';

describe('module boundaries', () => {
  it("a service importing another module's repository is an error", async () => {
    const errors = await errorsOf(
      'src/modules/x/x.service.ts',
      "import { findBuildById } from '../builds/builds.repository';\nexport const find = findBuildById;\n",
    );
    expect(errors).toEqual([expect.objectContaining({ rule: FACES, line: 1, message: expect.stringContaining('src/modules/builds/index.ts') })]);
  });

  it("a module using another module's face or schema, and its own files, is fine", async () => {
    const throughFace = await errorsOf(
      'src/modules/x/x.service.ts',
      [
        "import { bumpBuildVersion, type BuildsService } from '../builds';",
        "import type { AlertsService } from '../alerts/index';",
        "import { buildInputSchema } from '../builds/builds.schema';",
        'export type Deps = { builds: BuildsService; alerts: AlertsService; bump: typeof bumpBuildVersion; schema: typeof buildInputSchema };',
        '',
      ].join('\n'),
    );
    expect(throughFace).toEqual([]);
    const ownFiles = await errorsOf(
      'src/modules/builds/extra.ts',
      "import { findBuildById } from './builds.repository';\nimport type { BuildsService } from './builds.service';\nexport type F = [typeof findBuildById, BuildsService];\n",
    );
    expect(ownFiles).toEqual([]);
    // The files directly in src/modules belong to no module: the wiring and the clock.
    expect(await errorsOf('src/modules/x/x.service.ts', "import type { Clock } from '../clock';\nexport type C = Clock;\n")).toEqual([]);
  });

  it("any file outside a module reaching its internals is an error, types and re-exports included", async () => {
    const errors = await errorsOf(
      'src/modules/x/x.service.ts',
      [
        "import type { BuildsService } from '../builds/builds.service';",
        "export { createBackup } from '../backup/backup.service';",
        "export * from '../media/stored-upload';",
        "export type B = BuildsService;",
        "export const later = () => import('../alerts/alerts.service');",
        '',
      ].join('\n'),
    );
    expect(errors.map((error) => [error.rule, error.line])).toEqual([
      [FACES, 1],
      [FACES, 2],
      [FACES, 3],
      [FACES, 5],
    ]);
    // services.ts wires the modules through their faces too.
    expect(await errorsOf('src/modules/services.ts', "import { createSeoService } from './seo/seo.service';\nexport const s = createSeoService;\n")).toEqual([
      expect.objectContaining({ rule: FACES, line: 1 }),
    ]);
    expect(await errorsOf('src/modules/services.ts', "import { createSeoService } from './seo';\nexport const s = createSeoService;\n")).toEqual([]);
  });

  it('the server, the schedulers, benchmarks and scripts go through the face; tests may reach internals', async () => {
    const direct = await errorsOf('src/server/api/x.ts', "import { listSitemapEntries } from '../../modules/seo/seo.repository';\nexport const list = listSitemapEntries;\n");
    expect(direct).toEqual([expect.objectContaining({ rule: FACES, line: 1 })]);
    const viaFace = await errorsOf('src/server/api/x.ts', "import type { SeoService } from '../../modules/seo';\nexport type S = SeoService;\n");
    expect(viaFace).toEqual([]);
    expect(await errorsOf('src/schedulers/x.ts', "import type { MailService } from '../modules/mail/mail.service';\nexport type M = MailService;\n")).toEqual([
      expect.objectContaining({ rule: FACES, line: 1 }),
    ]);
    expect(await errorsOf('bench/x.ts', "import { fitBudget } from '../src/modules/personalization/budget-fit';\nexport const f = fitBudget;\n")).toEqual([
      expect.objectContaining({ rule: FACES, line: 1 }),
    ]);
    expect(await errorsOf('bench/x.ts', "import { fitBudget } from '../src/modules/personalization';\nexport const f = fitBudget;\n")).toEqual([]);
    expect(await errorsOf('tests/x/x.test.ts', "import { fitBudget } from '../../src/modules/personalization/budget-fit';\nexport const f = fitBudget;\n")).toEqual([]);
  });

  it('the database layer does not import the server', async () => {
    const errors = await errorsOf('src/db/x.ts', "import { createApp } from '../server/app';\nexport const app = createApp;\n");
    expect(errors).toEqual([expect.objectContaining({ rule: BOUNDARIES, line: 1 })]);
  });
});

describe('browser code (src/app)', () => {
  it("a value import of server, database or service code, a module's face included, is an error", async () => {
    const errors = await errorsOf(
      'src/app/routes/x.tsx',
      [
        "import { pingDatabase } from '../../db/connection';",
        "import { createApp } from '../../server/app';",
        "import { createBuildsService } from '../../modules/builds';",
        'export const all = [pingDatabase, createApp, createBuildsService];',
        '',
      ].join('\n'),
    );
    expect(errors.map((error) => [error.rule, error.line])).toEqual([
      [BOUNDARIES, 1],
      [BOUNDARIES, 2],
      [BOUNDARIES, 3],
    ]);
  });

  it('type-only imports and the zod schemas of a module are allowed', async () => {
    const errors = await errorsOf(
      'src/app/routes/x.tsx',
      [
        "import type { DatabaseHandle } from '../../db/connection';",
        "import type { BuildsService } from '../../modules/builds';",
        "import { buildInputSchema } from '../../modules/builds/builds.schema';",
        'export type T = [DatabaseHandle, BuildsService];',
        'export const schema = buildInputSchema;',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});

describe('queries', () => {
  it('only repositories and src/db run Kysely queries', async () => {
    const errors = await errorsOf('src/server/x.ts', "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n");
    expect(errors.map((error) => [error.rule, error.line])).toEqual([
      ['@typescript-eslint/no-restricted-imports', 1],
      ['no-restricted-syntax', 2],
    ]);
    expect(await errorsOf('src/server/x.ts', "import type { Kysely } from 'kysely';\nexport type K = Kysely<object>;\n")).toEqual([]);
    expect(await errorsOf('src/modules/builds/x.repository.ts', "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n")).toEqual([]);
  });

  it('a query built on a database handed in is an error outside repositories and src/db', async () => {
    const source = [
      "import type { Kysely } from 'kysely';",
      "import type { Database } from '../../db/tables';",
      'export async function titles(db: Kysely<Database>, sql: { raw(text: string): unknown }) {',
      "  await db.selectFrom('builds').select('title').execute();",
      "  await db.insertInto('builds').values({} as never).execute();",
      "  await db.updateTable('builds').set({ title: 't' }).execute();",
      "  await db",
      "    .deleteFrom('builds')",
      '    .execute();',
      "  await db.with('b', (q) => q.selectFrom('builds').selectAll()).selectFrom('b').selectAll().execute();",
      "  return sql.raw('select 1');",
      '}',
      '',
    ].join('\n');
    const errors = await errorsOf('src/modules/alerts/x.ts', source);
    expect(errors.every((error) => error.rule === 'no-restricted-syntax' && error.message.includes('repository'))).toBe(true);
    expect([...new Set(errors.map((error) => error.line))]).toEqual([4, 5, 6, 7, 10, 11]);
    expect(await errorsOf('src/modules/alerts/x.repository.ts', source)).toEqual([]);
    expect(await errorsOf('src/db/x.ts', source)).toEqual([]);
  });

  it("an array's .with(index, value) and the service's own calls are not queries", async () => {
    const source = [
      'export function f(parts: string[], builds: { findPublished(slug: string): unknown }) {',
      "  builds.findPublished('a');",
      "  return parts.with(0, 'b');",
      '}',
      '',
    ].join('\n');
    expect(await errorsOf('src/modules/alerts/x.ts', source)).toEqual([]);
  });
});

describe('comments', () => {
  it('a comment citing an issue number is an error; one naming a decision record is not', async () => {
    expect(await errorsOf('src/modules/feed/example.ts', '// The feed (issue 24).\nexport const a = 1;\n')).toEqual([
      { rule: 'project/no-issue-numbers', message: 'Comments name a decision record or say why, not an issue number.', line: 1 },
    ]);
    expect(await errorsOf('tests/builds/example.test.ts', '/** What it checks (Issue #7, item 2). */\nexport const a = 1;\n')).toHaveLength(1);
    expect(await errorsOf('src/modules/feed/example.ts', '// The feed (decision 034): an issue of cost.\nexport const a = 1;\n')).toEqual([]);
  });
});
