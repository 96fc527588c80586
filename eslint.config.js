import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Layering of src/ (docs/architecture.md, "Shape of the code"), checked on every import. An element is a
 * folder; an import between files of one element (one feature of src/modules, or src/server, ...) is never
 * checked here. Which files of a module others may import (its face and its schemas) is project/module-faces.
 */
const layers = {
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    'boundaries/include': ['src/**/*'],
    'boundaries/elements': [
      { type: 'module', pattern: 'src/modules/*', partialMatch: false, capture: ['feature'] },
      // The files directly in src/modules: services.ts (every service wired to one database), clock, events.
      { type: 'modules-root', pattern: 'src/modules', partialMatch: false },
      { type: 'server', pattern: 'src/server', partialMatch: false },
      { type: 'db', pattern: 'src/db', partialMatch: false },
      { type: 'app', pattern: 'src/app', partialMatch: false },
      { type: 'schedulers', pattern: 'src/schedulers', partialMatch: false },
      { type: 'integrations', pattern: 'src/integrations', partialMatch: false },
      { type: 'config', pattern: 'src/config', partialMatch: false },
      { type: 'common', pattern: 'src/common', partialMatch: false },
      // The compatibility domain: pure rules and data tables, isomorphic like common (the editor runs them too).
      { type: 'compatibility', pattern: 'src/compatibility', partialMatch: false },
    ],
    'boundaries/files': [
      { category: 'repository', pattern: '**/*.repository.ts' },
      { category: 'service', pattern: '**/*.service.ts' },
      { category: 'schema', pattern: '**/*.schema.ts' },
      // A module's face: what other code may use of it (project/module-faces below).
      { category: 'face', pattern: 'src/modules/*/index.ts' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          // Which file of another module may be imported (its face, its schema) is project/module-faces' part.
          {
            from: { element: { types: ['db', 'modules-root', 'module'] } },
            disallow: { to: { element: { types: ['server', 'app', 'schedulers'] } } },
            message: 'db e modules stanno sotto server, app e schedulers: non li importano.',
          },
          {
            from: { element: { type: 'db' } },
            disallow: { to: { element: { types: ['modules-root', 'module'] } } },
            message: 'db non conosce i moduli (le migrazioni sono ferme nel tempo).',
          },
          {
            from: { element: { type: 'schedulers' } },
            disallow: { to: { element: { types: ['server', 'app'] } } },
            message: 'schedulers non importa server né app.',
          },
          {
            from: { element: { types: ['common', 'compatibility', 'config', 'integrations'] } },
            disallow: { to: { element: { types: ['server', 'app', 'schedulers', 'db', 'modules-root', 'module'] } } },
            message: 'common, compatibility, config e integrations sono foglie: non importano il resto dell\'applicazione.',
          },
          {
            // Browser code: what it imports at run time ends up in the client bundle. Types vanish at build
            // time, and a module's zod schemas are shared with the client on purpose.
            from: { element: { type: 'app' } },
            disallow: {
              to: [
                { element: { types: ['server', 'db', 'schedulers', 'integrations', 'config', 'modules-root'] } },
                { file: { categories: ['service', 'repository', 'face'] } },
              ],
              dependency: { kind: 'value' },
            },
            message: "Il codice del browser (src/app) non importa codice del server: solo tipi (import type) e i *.schema.ts dei moduli.",
          },
        ],
      },
    ],
  },
};

/** Type-aware rules for every TypeScript file: a promise nobody awaits is a lost error or a race. */
const promiseRules = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': 'error',
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/no-unnecessary-type-assertion': 'error',
};

/** typescript-eslint's whole type-checked set, for the application code. */
/**
 * Comments say why, or name the decision record (docs/decisions/): an issue number tells the next engineer
 * nothing once the tracker is gone (decision 029). A local rule, since comments are not syntax nodes.
 */
const commentsRule = {
  meta: { type: 'suggestion', messages: { issueNumber: 'Comments name a decision record or say why, not an issue number.' }, schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (/\bissues? #?\d+/i.test(comment.value)) context.report({ loc: comment.loc, messageId: 'issueNumber' });
        }
      },
    };
  },
};

/**
 * The module contract (docs/architecture.md, "Shape of the code"): code outside src/modules/<m>/ uses
 * the module only through its face, `src/modules/<m>/index.ts`, and its `*.schema.ts` (zod, shared with
 * the browser). What else is in the folder is the module's own, free to change without a look outside.
 * A local rule because it resolves the import's path: a folder's files are one element for boundaries,
 * and bench/ and scripts/ are held to it too.
 */
const modulesRoot = resolve(import.meta.dirname, 'src/modules');
const moduleFacesRule = {
  meta: {
    type: 'problem',
    messages: {
      internal: "{{file}} è interno al modulo {{module}}: da fuori si usa solo src/modules/{{module}}/index.ts (o un suo *.schema.ts); esporta lì ciò che serve.",
    },
    schema: [],
  },
  create(context) {
    const importer = relative(modulesRoot, context.filename).split(sep);
    const ownModule = importer.length > 1 && importer[0] !== '..' ? importer[0] : null;
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = relative(modulesRoot, resolve(dirname(context.filename), source.value));
      if (target.startsWith('..') || isAbsolute(target)) return;
      const parts = target.split(sep);
      // The face itself (the folder, or its index), or a file directly in src/modules (services.ts, clock.ts...).
      if (parts.length < 2 || parts[0] === ownModule) return;
      const name = parts.at(-1).replace(/\.(ts|tsx|js|mjs)$/, '');
      if ((parts.length === 2 && name === 'index') || name.endsWith('.schema')) return;
      context.report({ node: source, messageId: 'internal', data: { module: parts[0], file: `src/modules/${parts.join('/')}` } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `import('../x').T` in a type position.
      TSImportType: (node) => check(node.argument?.literal ?? node.argument),
    };
  },
};

/**
 * Query-builder calls: only repositories and src/db run queries (docs/architecture.md, "Shape of the
 * code"). The kysely import rule stops a value import of `sql`; these catch the builder reached through a
 * `db` or `trx` handed in, which needs no import at all.
 */
const QUERY_MESSAGE = 'Le query stanno nei repository (*.repository.ts) o in src/db: spostala lì e chiamala da qui.';
const queryBuilderCalls = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|withRecursive)$/]",
    message: QUERY_MESSAGE,
  },
  // Kysely's common table expression `.with('name', ...)`; an array's `.with(index, value)` takes a number.
  { selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='with'][arguments.0.value=/./]", message: QUERY_MESSAGE },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: QUERY_MESSAGE },
  { selector: "CallExpression[callee.type='MemberExpression'][callee.object.name='sql']", message: QUERY_MESSAGE },
];

const projectRules = { rules: { 'no-issue-numbers': commentsRule, 'module-faces': moduleFacesRule } };

const typeCheckedRules = tseslint.configs.recommendedTypeCheckedOnly.at(-1).rules;

export default tseslint.config(
  // Generated or not ours: build output, React Router's typegen, dependencies, data.
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'coverage/**', 'data/**', 'uploads/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { project: projectRules },
    rules: {
      'project/no-issue-numbers': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Only src/config/env.ts reads the environment (conventions.md).
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings through src/config/env.ts.' }],
      ...promiseRules,
    },
  },
  {
    // Tests, benchmarks and scripts read JSON answers as `any` on purpose (the assertions check them), so
    // the no-unsafe-* family stays off there; the promise rules above apply everywhere.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      ...typeCheckedRules,
      // React Router's way to answer a loader with a status: `throw data(...)` / `throw redirect(...)`.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: 'react-router', name: 'DataWithResponseInit' }, { from: 'lib', name: 'Response' }] },
      ],
    },
  },
  {
    // Plain JavaScript outside the TypeScript project (this file, scripts/*.mjs): no type information.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS on purpose: scripts/check-node.cjs must run on any old Node to refuse it in one line.
    files: ['scripts/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { sourceType: 'commonjs', parserOptions: { projectService: false, project: null }, globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off', 'no-var': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'src/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a stale value on screen: an error, not a warning that scrolls by.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  layers,
  {
    // Only the database layer and repositories run queries (docs/architecture.md, "Only repositories import Kysely").
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/db/**', 'src/**/*.repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'Le query stanno nei repository (o in src/db): qui solo tipi.', allowTypeImports: true }] },
      ],
      'no-restricted-syntax': ['error', ...queryBuilderCalls],
    },
  },
  {
    // Tests may reach a module's internals (they test them); the application, benchmarks and scripts may not.
    files: ['src/**/*.ts', 'src/**/*.tsx', 'bench/**/*.ts', 'scripts/**/*.ts', 'scripts/**/*.mjs'],
    rules: { 'project/module-faces': 'error' },
  },
  {
    files: ['src/config/env.ts', 'tests/**', 'scripts/**', 'bench/**', '*.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
