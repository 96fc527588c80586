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

describe('module boundaries', () => {
  it("a service importing another module's repository is an error", async () => {
    const errors = await errorsOf(
      'src/modules/x/x.service.ts',
      "import { findBuildById } from '../builds/builds.repository';\nexport const find = findBuildById;\n",
    );
    expect(errors).toEqual([expect.objectContaining({ rule: BOUNDARIES, line: 1, message: expect.stringContaining('repository') })]);
  });

  it("a service using another module's service, and a module its own repository, is fine", async () => {
    const throughService = await errorsOf(
      'src/modules/x/x.service.ts',
      "import { bumpBuildVersion, type BuildsService } from '../builds/builds.service';\nexport type Deps = { builds: BuildsService; bump: typeof bumpBuildVersion };\n",
    );
    expect(throughService).toEqual([]);
    const ownRepository = await errorsOf(
      'src/modules/builds/extra.service.ts',
      "import { findBuildById } from './builds.repository';\nexport const find = findBuildById;\n",
    );
    expect(ownRepository).toEqual([]);
  });

  it('a route calling a repository is an error; through the services it is fine', async () => {
    const direct = await errorsOf('src/server/api/x.ts', "import { listSitemapEntries } from '../../modules/seo/seo.repository';\nexport const list = listSitemapEntries;\n");
    expect(direct).toEqual([expect.objectContaining({ rule: BOUNDARIES, line: 1 })]);
    const viaService = await errorsOf('src/server/api/x.ts', "import type { SeoService } from '../../modules/seo/seo.service';\nexport type S = SeoService;\n");
    expect(viaService).toEqual([]);
  });

  it('the database layer does not import the server', async () => {
    const errors = await errorsOf('src/db/x.ts', "import { createApp } from '../server/app';\nexport const app = createApp;\n");
    expect(errors).toEqual([expect.objectContaining({ rule: BOUNDARIES, line: 1 })]);
  });
});

describe('browser code (src/app)', () => {
  it('a value import of server, database or service code is an error', async () => {
    const errors = await errorsOf(
      'src/app/routes/x.tsx',
      [
        "import { pingDatabase } from '../../db/connection';",
        "import { createApp } from '../../server/app';",
        "import { createBuildsService } from '../../modules/builds/builds.service';",
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
        "import type { BuildsService } from '../../modules/builds/builds.service';",
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
    expect(errors).toEqual([expect.objectContaining({ rule: '@typescript-eslint/no-restricted-imports', line: 1 })]);
    expect(await errorsOf('src/server/x.ts', "import type { Kysely } from 'kysely';\nexport type K = Kysely<object>;\n")).toEqual([]);
    expect(await errorsOf('src/modules/builds/x.repository.ts', "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n")).toEqual([]);
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
