/**
 * Crash safety: two child processes save builds through the real API on one database at the same
 * time, each with several saves in flight, and report each acknowledged save; every round both are
 * killed with SIGKILL at arbitrary moments (one first, the other a few saves later, so one dies while
 * the other keeps writing). After the last kill the database is reopened (as a restart would) and
 * every acknowledged save must be there, with the database intact. Runs on SQLite (two processes on
 * one file: the write lock is shared across them) or PostgreSQL according to TEST_DB.
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
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';
import { nodeArgsFor } from '../helpers/child-entries';
import { seededRandom } from '../helpers/seeded-random';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

// Mirrors of save-loop.ts (importing it would run the loop).
const COMPONENT_TYPES = ['CPU', 'GPU', 'RAM'] as const;
const componentName = (title: string, type: string) => `${type} per ${title}`;
const originalDescription = (title: string) => `Originale ${title}`;

const ROUNDS = 5;
const PROCESSES = 2;
/** Saves in flight at once in each process. */
const LANES_PER_PROCESS = 3;
const MIN_SAVES_PER_ROUND = 15;
const MAX_SAVES_PER_ROUND = 60;
/** After the first process is killed, the other one acknowledges this many more saves before its own kill. */
const SAVES_AFTER_FIRST_KILL = 8;
const ROUND_TIMEOUT_MS = 45_000;
/** Fixed seed: the number of saves before each kill is the same on every run (override with CRASH_SEED). */
const SEED = Number(process.env.CRASH_SEED ?? 20_260_301);

type Event =
  | { kind: 'ACK'; round: number; lane: string; id: number; title: string }
  | { kind: 'UPD' | 'ACKUPD'; round: number; lane: string; id: number; description: string };

function parseLine(line: string, round: number): Event | null {
  const match = /^(ACK|UPD|ACKUPD) (\S+) (\d+) (.+)$/.exec(line);
  if (!match) return null;
  const [, kind, lane, id, text] = match as unknown as [string, Event['kind'], string, string, string];
  return kind === 'ACK' ? { kind, round, lane, id: Number(id), title: text } : { kind, round, lane, id: Number(id), description: text };
}

interface ChildResult {
  signal: NodeJS.Signals | null;
  code: number | null;
  stderr: string;
}

interface RoundResult {
  events: Event[];
  saves: number;
  children: ChildResult[];
}

let testDb: TestDatabase | undefined;
let database: DatabaseHandle | undefined;
const running = new Set<ChildProcess>();

afterAll(async () => {
  // Runs even when a round failed: no child outlives the test, no database is left behind.
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.destroy();
  await testDb?.drop();
});

/**
 * Starts two children saving on one database; once `target` saves are acknowledged in all, kills one
 * (alternating by round) with SIGKILL, then the other after SAVES_AFTER_FIRST_KILL more of its own.
 */
function runRound(url: string, round: number, target: number, knownIdsByLane: Map<string, number[]>): Promise<RoundResult> {
  return new Promise((resolve, reject) => {
    const events: Event[] = [];
    const results: (ChildResult | undefined)[] = [];
    const savesOf = new Array<number>(PROCESSES).fill(0);
    const children: ChildProcess[] = [];
    const firstVictim = round % PROCESSES;
    let savesAtFirstKill: number | null = null;
    let settled = false;
    const timer = setTimeout(() => {
      for (const child of children) child.kill('SIGKILL');
      settled = true;
      reject(new Error(`round ${round}: only ${savesOf.join('+')}/${target} saves acknowledged within ${ROUND_TIMEOUT_MS} ms. stderr: ${results.map((r) => r?.stderr).join(' | ')}`));
    }, ROUND_TIMEOUT_MS);

    const totalSaves = () => savesOf.reduce((a, b) => a + b, 0);
    function killAsPlanned() {
      const first = children[firstVictim]!;
      const second = children[(firstVictim + 1) % PROCESSES]!;
      if (savesAtFirstKill === null && totalSaves() >= target) {
        savesAtFirstKill = savesOf[(firstVictim + 1) % PROCESSES]!;
        first.kill('SIGKILL');
      }
      if (savesAtFirstKill !== null && savesOf[(firstVictim + 1) % PROCESSES]! >= savesAtFirstKill + SAVES_AFTER_FIRST_KILL) {
        second.kill('SIGKILL');
      }
    }

    for (let index = 0; index < PROCESSES; index++) {
      const lanes: Record<string, number[]> = {};
      for (let lane = 0; lane < LANES_PER_PROCESS; lane++) {
        const name = `p${index}l${lane}`;
        lanes[name] = knownIdsByLane.get(name) ?? [];
      }
      const runId = `r${round}p${index}x${Date.now().toString(36)}`;
      const child = spawn(process.execPath, [...nodeArgsFor('tests/crash/save-loop.ts'), url, runId, JSON.stringify(lanes)], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      running.add(child);
      let pending = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop()!; // an incomplete last line is never an acknowledgement
        for (const line of lines) {
          const event = parseLine(line, round);
          if (!event) continue;
          events.push(event);
          if (event.kind === 'ACK' || event.kind === 'ACKUPD') savesOf[index]! += 1;
        }
        killAsPlanned();
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.once('error', (error) => {
        clearTimeout(timer);
        if (!settled) reject(error);
        settled = true;
      });
      child.once('close', (code, signal) => {
        running.delete(child);
        results[index] = { signal, code, stderr };
        if (results.filter(Boolean).length < PROCESSES) {
          // The survivor must not wait for saves that will never come if its partner died on its own.
          if (savesAtFirstKill === null) for (const other of children) other.kill('SIGKILL');
          return;
        }
        clearTimeout(timer);
        if (!settled) resolve({ events, saves: totalSaves(), children: results as ChildResult[] });
        settled = true;
      });
    }
  });
}

describe(`crash safety (${testDialect})`, () => {
  it('keeps every acknowledged save across repeated SIGKILLs and leaves the database intact', async () => {
    testDb = await createTestDatabase();
    const random = seededRandom(SEED);
    const events: Event[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const target = MIN_SAVES_PER_ROUND + Math.floor(random() * (MAX_SAVES_PER_ROUND - MIN_SAVES_PER_ROUND + 1));
      const knownIdsByLane = new Map<string, number[]>();
      for (const event of events) {
        if (event.kind === 'ACK') knownIdsByLane.set(event.lane, [...(knownIdsByLane.get(event.lane) ?? []), event.id]);
      }
      const result = await runRound(testDb.url, round, target, knownIdsByLane);
      for (const child of result.children) {
        // Killed by us while saving: not exited on its own, not crashed with an error.
        expect({ round, signal: child.signal, code: child.code }, `round ${round}, the child's stderr: ${child.stderr}`).toEqual({ round, signal: 'SIGKILL', code: null });
        expect(child.stderr).not.toMatch(/error|failed/i);
      }
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
    console.log(
      `crash (${testDialect}, seed ${SEED}): ${ROUNDS * PROCESSES} SIGKILLs of ${PROCESSES} processes × ${LANES_PER_PROCESS} parallel saves, ` +
        `${creates.length} acknowledged builds, ${updatesAcknowledged} acknowledged updates`,
    );
    expect(updatesAcknowledged).toBeGreaterThan(0);
    // Every update targeted a build acknowledged before it.
    for (const id of lastAcknowledged.keys()) expect(ids).toContain(id);
    // At most one unacknowledged update per lane and kill (a lane saves one thing at a time).
    const lanesOfRounds = new Set(events.map((event) => `${event.round}/${event.lane}`));
    for (const key of lanesOfRounds) {
      const laneEvents = events.filter((event) => `${event.round}/${event.lane}` === key);
      const intents = laneEvents.filter((event) => event.kind === 'UPD').length;
      const acks = laneEvents.filter((event) => event.kind === 'ACKUPD').length;
      expect(intents - acks, key).toBeGreaterThanOrEqual(0);
      expect(intents - acks, key).toBeLessThanOrEqual(1);
    }
    // Both processes really wrote in parallel: every lane acknowledged saves.
    expect(new Set(creates.map((event) => event.lane)).size).toBe(PROCESSES * LANES_PER_PROCESS);

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
    const services = createServices({ db, config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url }), scryptCost: TEST_SCRYPT_COST });
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
  }, 240_000);
});
