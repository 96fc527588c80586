/**
 * Crash safety: a child process saves builds through the real API in a loop and reports each
 * acknowledged save; it is killed with SIGKILL several times at arbitrary moments. After the last
 * kill the database is reopened (as a restart would) and every acknowledged save must be there,
 * with the database intact. Runs on SQLite or PostgreSQL according to TEST_DB.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, parseDatabaseUrl } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createServices } from '../../src/modules/services';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-database';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHILD_SCRIPT = fileURLToPath(new URL('./save-loop.ts', import.meta.url));

// Mirrors of save-loop.ts (importing it would run the loop).
const COMPONENT_TYPES = ['CPU', 'GPU', 'RAM'] as const;
const componentName = (title: string, type: string) => `${type} per ${title}`;
const originalDescription = (title: string) => `Originale ${title}`;

const ROUNDS = 5;
const MIN_SAVES_PER_ROUND = 15;
const MAX_SAVES_PER_ROUND = 60;
const ROUND_TIMEOUT_MS = 30_000;
/** Fixed seed: the number of saves before each kill is the same on every run (override with CRASH_SEED). */
const SEED = Number(process.env.CRASH_SEED ?? 20_260_301);

/** mulberry32: a tiny deterministic PRNG. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Event =
  | { kind: 'ACK'; round: number; id: number; title: string }
  | { kind: 'UPD' | 'ACKUPD'; round: number; id: number; description: string };

function parseLine(line: string, round: number): Event | null {
  const match = /^(ACK|UPD|ACKUPD) (\d+) (.+)$/.exec(line);
  if (!match) return null;
  const [, kind, id, text] = match as unknown as [string, Event['kind'], string, string];
  return kind === 'ACK' ? { kind, round, id: Number(id), title: text } : { kind, round, id: Number(id), description: text };
}

interface RoundResult {
  events: Event[];
  saves: number;
  signal: NodeJS.Signals | null;
  code: number | null;
  stderr: string;
}

let testDb: TestDatabase | undefined;
let database: DatabaseHandle | undefined;
let running: ChildProcess | undefined;

afterAll(async () => {
  // Runs even when a round failed: no child outlives the test, no database is left behind.
  if (running && running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
  await database?.destroy();
  await testDb?.drop();
});

/** Starts the child, lets it acknowledge `target` saves, then kills it with SIGKILL. */
function runRound(url: string, round: number, target: number, knownIds: number[]): Promise<RoundResult> {
  return new Promise((resolve, reject) => {
    const runId = `r${round}x${Date.now().toString(36)}`;
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD_SCRIPT, url, runId, knownIds.join(',')], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    const events: Event[] = [];
    let saves = 0;
    let pending = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`round ${round}: only ${saves}/${target} saves acknowledged within ${ROUND_TIMEOUT_MS} ms. stderr: ${stderr}`));
    }, ROUND_TIMEOUT_MS);

    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!; // an incomplete last line is never an acknowledgement
      for (const line of lines) {
        const event = parseLine(line, round);
        if (!event) continue;
        events.push(event);
        if (event.kind === 'ACK' || event.kind === 'ACKUPD') saves += 1;
      }
      if (!killed && saves >= target) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      running = undefined;
      resolve({ events, saves, signal, code, stderr });
    });
  });
}

describe(`crash safety (${testDialect})`, () => {
  it('keeps every acknowledged save across repeated SIGKILLs and leaves the database intact', async () => {
    testDb = await createTestDatabase();
    const random = seededRandom(SEED);
    const events: Event[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const target = MIN_SAVES_PER_ROUND + Math.floor(random() * (MAX_SAVES_PER_ROUND - MIN_SAVES_PER_ROUND + 1));
      const knownIds = events.filter((event) => event.kind === 'ACK').map((event) => event.id);
      const result = await runRound(testDb.url, round, target, knownIds);
      // Killed by us while saving: not exited on its own, not crashed with an error.
      expect({ round, signal: result.signal, code: result.code, stderr: result.stderr }).toMatchObject({ round, signal: 'SIGKILL', code: null });
      expect(result.stderr).not.toMatch(/error|failed/i);
      expect(result.saves, `round ${round} (seed ${SEED})`).toBeGreaterThanOrEqual(target);
      events.push(...result.events);
    }

    // The restart: open the database as a new process would, migrate (nothing to do), read back.
    database = openDatabase(parseDatabaseUrl(testDb.url));
    const { db } = database;
    expect((await migrateToLatest(db, database.dialect)).applied).toEqual([]);

    const creates = events.filter((event): event is Extract<Event, { kind: 'ACK' }> => event.kind === 'ACK');
    const ids = creates.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(creates.length).toBeGreaterThanOrEqual(ROUNDS * 10);

    // Which description each acknowledged build may have now: the latest acknowledged one, or the one of
    // an update that was in flight when the child was killed (committed but never acknowledged).
    const allowed = new Map<number, Set<string>>();
    const lastAcknowledged = new Map<number, string>();
    for (const event of creates) allowed.set(event.id, new Set([originalDescription(event.title)]));
    let updatesAcknowledged = 0;
    for (const event of events) {
      if (event.kind === 'UPD') allowed.get(event.id)?.add(event.description);
      if (event.kind === 'ACKUPD') {
        allowed.set(event.id, new Set([event.description]));
        lastAcknowledged.set(event.id, event.description);
        updatesAcknowledged += 1;
      }
    }
    console.log(`crash (${testDialect}, seed ${SEED}): ${ROUNDS} SIGKILLs, ${creates.length} acknowledged builds, ${updatesAcknowledged} acknowledged updates`);
    expect(updatesAcknowledged).toBeGreaterThan(0);
    // Every update targeted a build acknowledged before it.
    for (const id of lastAcknowledged.keys()) expect(ids).toContain(id);
    // At most one unacknowledged update per kill.
    for (let round = 0; round < ROUNDS; round++) {
      const roundEvents = events.filter((event) => event.round === round);
      const intents = roundEvents.filter((event) => event.kind === 'UPD').length;
      const acks = roundEvents.filter((event) => event.kind === 'ACKUPD').length;
      expect(intents - acks).toBeGreaterThanOrEqual(0);
      expect(intents - acks).toBeLessThanOrEqual(1);
    }

    const rows = await db.selectFrom('builds').select(['id', 'title', 'description', 'slug']).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const components = await db
      .selectFrom('components')
      .select(['build_id', 'type', 'name', 'position'])
      .where('build_id', 'in', ids)
      .orderBy('build_id')
      .orderBy('position')
      .execute();
    const componentsByBuild = new Map<number, { type: string; name: string }[]>();
    for (const row of components) {
      const list = componentsByBuild.get(Number(row.build_id)) ?? [];
      list.push({ type: row.type, name: row.name });
      componentsByBuild.set(Number(row.build_id), list);
    }

    const missing: string[] = [];
    for (const { id, title } of creates) {
      const row = byId.get(id);
      if (!row) {
        missing.push(`build ${id} "${title}" is missing`);
        continue;
      }
      if (row.title !== title) missing.push(`build ${id}: title "${row.title}", expected "${title}"`);
      const expectedComponents = COMPONENT_TYPES.map((type) => ({ type, name: componentName(title, type) }));
      const actual = componentsByBuild.get(id) ?? [];
      if (JSON.stringify(actual) !== JSON.stringify(expectedComponents)) {
        missing.push(`build ${id}: components ${JSON.stringify(actual)}`);
      }
      if (!allowed.get(id)!.has(row.description)) {
        missing.push(`build ${id}: description "${row.description}", expected one of ${JSON.stringify([...allowed.get(id)!])}`);
      }
    }
    expect(missing).toEqual([]);
    // Spelled out for the updates: the latest acknowledged description is there (unless a later one was in flight).
    for (const [id, description] of lastAcknowledged) {
      const current = byId.get(id)!.description;
      expect(current === description || allowed.get(id)!.has(current), `build ${id}`).toBe(true);
    }

    // The application itself reads every acknowledged build after the restart.
    const services = createServices({ db, config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url }) });
    for (const { id, title } of creates) {
      const build = await services.builds.getAdmin(id);
      expect(build.title).toBe(title);
      expect(build.components.map((c) => c.name).sort()).toEqual(COMPONENT_TYPES.map((type) => componentName(title, type)).sort());
    }

    // Integrity of the whole database, not only of the acknowledged rows.
    if (database.dialect === 'sqlite') {
      const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
      expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
      const foreignKeys = await sql`PRAGMA foreign_key_check`.execute(db);
      expect(foreignKeys.rows).toEqual([]);
    }
    const orphans = await db
      .selectFrom('components')
      .leftJoin('builds', 'builds.id', 'components.build_id')
      .select('components.id')
      .where('builds.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    const duplicateSlugs = await db
      .selectFrom('builds')
      .select(['slug', sql<number>`count(*)`.as('count')])
      .groupBy('slug')
      .having(sql`count(*)`, '>', 1)
      .execute();
    expect(duplicateSlugs).toEqual([]);
    // Every build in the database (acknowledged or committed just before a kill) is complete.
    const incomplete = await db
      .selectFrom('builds')
      .leftJoin('components', 'components.build_id', 'builds.id')
      .select(['builds.id', sql<number>`count(components.id)`.as('count')])
      .groupBy('builds.id')
      .having(sql`count(components.id)`, '<>', COMPONENT_TYPES.length)
      .execute();
    expect(incomplete).toEqual([]);
  }, 60_000);
});
