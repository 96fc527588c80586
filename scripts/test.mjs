#!/usr/bin/env node
// `npm test`: the whole API/unit suite on SQLite, then again on PostgreSQL (mandatory: an unreachable
// PostgreSQL fails the run), then the start-up smoke test of the production build.
// Extra arguments are passed to vitest (e.g. `npm test -- tests/api/auth.test.ts`).
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const extra = process.argv.slice(2);

function banner(text) {
  console.log(`\n${'='.repeat(72)}\n  ${text}\n${'='.repeat(72)}`);
}

function vitest(args, env) {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

async function assertPostgresReachable() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    console.error(`\nPostgreSQL non raggiungibile su ${POSTGRES_URL}: ${error.message}`);
    console.error('La suite su PostgreSQL è obbligatoria. Avvia PostgreSQL o imposta TEST_POSTGRES_URL.');
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }
}

const results = [];

banner('API suite on SQLite (TEST_DB=sqlite)');
results.push(['SQLite', vitest(extra, { TEST_DB: 'sqlite' })]);

banner(`API suite on PostgreSQL (TEST_DB=postgres, ${POSTGRES_URL})`);
await assertPostgresReachable();
results.push(['PostgreSQL', vitest(extra, { TEST_DB: 'postgres' })]);

if (extra.length === 0) {
  banner('Smoke test: npm run build && npm start on a fresh SQLite database');
  results.push(['Smoke (npm start)', vitest(['--config', 'vitest.smoke.config.ts'], {})]);
}

banner('Summary');
for (const [name, ok] of results) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}`);
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
