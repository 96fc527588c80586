import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Layering of src/ (docs/architecture.md, "Shape of the code"), checked on every import. An element is a
 * folder; an import between files of one element (one feature of src/modules, or src/server, ...) is never
 * checked, so a module uses its own repository freely while every other one must go through its service.
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
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            // Same-module imports are internal and never reach this rule.
            disallow: { to: { file: { categories: 'repository' } } },
            message: "Un repository si usa solo dal proprio modulo: passa dal servizio di quel modulo (docs/architecture.md).",
          },
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
                { file: { categories: ['service', 'repository'] } },
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
const projectRules = { rules: { 'no-issue-numbers': commentsRule } };

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
    },
  },
  {
    files: ['src/config/env.ts', 'tests/**', 'scripts/**', 'bench/**', '*.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
