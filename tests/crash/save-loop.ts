/**
 * Child process for tests/crash/crash.test.ts: boots the real application on DATABASE_URL and saves
 * builds through the admin API in endless loops, several at once (lanes), reporting on stdout every
 * save the API acknowledged. The parent runs two of these processes on one database and kills them
 * with SIGKILL at arbitrary moments.
 *
 *   node --import tsx tests/crash/save-loop.ts <DATABASE_URL> <runId> <lanes as JSON: {"<lane>": [knownId, ...]}>
 *
 * Each lane saves one build at a time and updates only builds of its own lane, so within a lane the
 * order of the lines is the order of the commits. Lines printed (each written after the step finished):
 *   READY                             logged in, about to save
 *   ACK <lane> <id> <title>           POST /api/admin/builds answered 201 (the save is committed)
 *   UPD <lane> <id> <description>     about to PUT this description on build <id> (not yet acknowledged)
 *   ACKUPD <lane> <id> <description>  the PUT answered 200 (the update is committed)
 * Anything unexpected goes to stderr and ends the process with exit code 1.
 */
import { loadConfig } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createServices } from '../../src/modules/services';
import { createApp } from '../../src/server/app';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';

const CRASH_ADMIN = { username: 'admin', password: 'Adm1n!Secure#2026' } as const;
/** Every build has these three components; their names embed the build title (mirrored in crash.test.ts). */
const COMPONENT_TYPES = ['CPU', 'GPU', 'RAM'] as const;
const componentName = (title: string, type: string) => `${type} per ${title}`;
const originalDescription = (title: string) => `Originale ${title}`;

const [url, runId, lanesJson] = process.argv.slice(2);
if (!url || !runId || !lanesJson) {
  process.stderr.write('usage: save-loop.ts <DATABASE_URL> <runId> <lanes JSON>\n');
  process.exit(2);
}
/** Builds acknowledged so far in each lane (by earlier runs and this one): targets for that lane's updates. */
const lanes = JSON.parse(lanesJson) as Record<string, number[]>;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: url,
  LOG_REQUESTS: 'false',
  ADMIN_USERNAME: CRASH_ADMIN.username,
  ADMIN_PASSWORD: CRASH_ADMIN.password,
});
const database = openDatabase(config.database);
await migrateToLatest(database.db, database.dialect);
const services = createServices({ db: database.db, config, scryptCost: TEST_SCRYPT_COST });
await services.auth.ensureFirstAdmin(config.admin);
const app = createApp({ config, database, services });

async function call(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'User-Agent': 'crash-test/1.0' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text for the error message
  }
  return { status: response.status, body: parsed };
}

/**
 * Signs in, waiting out a 429 as a client should. A child killed during its own login (the round's
 * saves can all come from the other child while this one is still signing in, under load) leaves that
 * login's check slot held until its lease ends (30 s, login-throttle.ts), and a child of the next round
 * may find every slot taken until then.
 */
async function signIn(): Promise<{ status: number; body: any }> {
  const giveUpAt = Date.now() + 40_000;
  for (;;) {
    const response = await call('POST', '/api/auth/login', null, CRASH_ADMIN);
    if (response.status !== 429 || Date.now() > giveUpAt) return response;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const login = await signIn();
if (login.status !== 200) fail(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
const token = login.body.token as string;

process.stdout.write('READY\n');

async function saveLoop(lane: string, acknowledged: number[]): Promise<never> {
  for (let n = 1; ; n++) {
    const title = `Crash ${runId}-${lane}-${n}`;
    const created = await call('POST', '/api/admin/builds', token, {
      title,
      description: originalDescription(title),
      content: `## ${title}\n\nBuild salvata dal test di crash.`,
      budget: 800 + n,
      category: 'gaming',
      status: n % 2 === 0 ? 'published' : 'draft',
      components: COMPONENT_TYPES.map((type, position) => ({
        type,
        name: componentName(title, type),
        price: 100 + position + n / 100,
        amazon_link: `https://www.amazon.it/dp/B0CRASH${String(position).padStart(3, '0')}`,
      })),
    });
    if (created.status !== 201) fail(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
    const id = created.body.build.id as number;
    process.stdout.write(`ACK ${lane} ${id} ${title}\n`);
    acknowledged.push(id);

    if (n % 3 === 0) {
      // Update an earlier acknowledged build of this lane (possibly one saved by a run that was killed).
      const target = acknowledged[Math.floor(Math.random() * acknowledged.length)]!;
      const current = await call('GET', `/api/admin/builds/${target}`, token);
      if (current.status !== 200) fail(`read of build ${target} failed: ${current.status} ${JSON.stringify(current.body)}`);
      const build = current.body.build;
      const description = `aggiornata-${runId}-${lane}-${n}`;
      process.stdout.write(`UPD ${lane} ${target} ${description}\n`);
      const updated = await call('PUT', `/api/admin/builds/${target}`, token, {
        title: build.title,
        description,
        content: build.content,
        budget: build.budget,
        category: build.category,
        status: build.status,
        components: build.components.map((c: any) => ({ id: c.id, type: c.type, name: c.name, price: c.price, amazon_link: c.amazon_link })),
      });
      if (updated.status !== 200) fail(`update of build ${target} failed: ${updated.status} ${JSON.stringify(updated.body)}`);
      process.stdout.write(`ACKUPD ${lane} ${target} ${description}\n`);
    }
  }
}

await Promise.all(Object.entries(lanes).map(([lane, known]) => saveLoop(lane, [...known])));
