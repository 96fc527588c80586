/**
 * Start-up with a bad setting, through the real entry points as child processes: the server
 * (`src/server/main.ts`, one process and the cluster's primary) and the database CLI
 * (`npm run db:migrate`). A wrong DATABASE_URL must give exactly one line on stderr naming the
 * setting, never the password, and a non-zero exit, never a stack dump or a hang.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPasswordRejectingServer, type PasswordRejectingServer } from '../fakes/postgres-network';
import { POSTGRES_ADMIN_URL } from '../helpers/test-database';
import { nodeArgsFor } from '../helpers/child-entries';

const SERVER = nodeArgsFor('src/server/main.ts');
const MIGRATE = [...nodeArgsFor('src/db/cli.ts'), 'migrate'];
const PASSWORD = 'Pw-Segretissima-42';
/** Start-up is CPU bound (loading the app); the machine is shared, so allow a slow one, never a hang. */
const CHILD_TIMEOUT_MS = 60_000;

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** At most two children at once: each one loads the whole app. */
let running = 0;
const queue: (() => void)[] = [];
async function run(args: string[], env: Record<string, string>): Promise<Outcome> {
  if (running >= 2) await new Promise<void>((resolve) => queue.push(resolve));
  running += 1;
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH, ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
      child.on('error', reject);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
    });
  } finally {
    running -= 1;
    queue.shift()?.();
  }
}

/** A port on 127.0.0.1 with nothing listening: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The test PostgreSQL's URL with another user, password or database. */
function postgresUrl(change: { user?: string; database?: string }): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  if (change.user) url.username = change.user;
  url.password = PASSWORD;
  if (change.database) url.pathname = `/${change.database}`;
  return url.toString();
}

function expectOneLine(outcome: Outcome, pattern: RegExp) {
  expect(outcome.status, outcome.stderr).toBe(1);
  const lines = outcome.stderr.trim().split('\n');
  expect(lines, outcome.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(lines[0]).toContain('DATABASE_URL');
  expect(outcome.stderr).not.toContain(PASSWORD);
  expect(outcome.stdout).not.toContain(PASSWORD);
}

let passwordServer: PasswordRejectingServer;
beforeAll(async () => {
  passwordServer = await startPasswordRejectingServer();
});
afterAll(() => passwordServer.close());

describe('start-up with a bad setting', () => {
  it('stops with exit code 1 and one clear line naming the setting', () => {
    const result = spawnSync(process.execPath, SERVER, {
      env: { PATH: process.env.PATH, PORT: 'ottanta' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configurazione non valida: PORT /);
    expect(result.stdout).toBe('');
  });
});

describe.concurrent('start-up with a wrong DATABASE_URL', { timeout: 4 * CHILD_TIMEOUT_MS }, () => {
  it('names an unreachable server (nothing listening on the port)', async () => {
    const port = await closedPort();
    const outcome = await run(SERVER, { DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/buildpc` });
    expectOneLine(
      outcome,
      new RegExp(`^Database non accessibile \\(DATABASE_URL=postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${port}/buildpc\\): nessun server PostgreSQL in ascolto su 127\\.0\\.0\\.1:${port}`),
    );
    expect(outcome.stdout).toBe('');
  });

  it('names a database that does not exist', async () => {
    const outcome = await run(SERVER, { DATABASE_URL: postgresUrl({ database: 'buildpc_non_esiste' }) });
    expectOneLine(outcome, /^Database non accessibile \(DATABASE_URL=postgres:\/\/postgres:\*\*\*@.*\/buildpc_non_esiste\): il database "buildpc_non_esiste" non esiste/);
  });

  it('names a user the server does not know', async () => {
    const outcome = await run(SERVER, { DATABASE_URL: postgresUrl({ user: 'utente_sconosciuto' }) });
    expectOneLine(outcome, /^Database non accessibile \(DATABASE_URL=postgres:\/\/utente_sconosciuto:\*\*\*@.*\): accesso rifiutato dal server: role "utente_sconosciuto" does not exist/);
  });

  it('names a password the server rejects', async () => {
    const outcome = await run(SERVER, { DATABASE_URL: `postgres://autore:${PASSWORD}@127.0.0.1:${passwordServer.port}/buildpc` });
    expectOneLine(outcome, /^Database non accessibile \(DATABASE_URL=postgres:\/\/autore:\*\*\*@127\.0\.0\.1:\d+\/buildpc\): utente o password rifiutati dal server$/);
    expect(passwordServer.passwordsReceived).toContain(PASSWORD); // the client did get as far as the password
  });

  it('rejects a malformed PostgreSQL URL without echoing it', async () => {
    const outcome = await run(SERVER, { DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:porta/buildpc` });
    expectOneLine(outcome, /^Configurazione non valida: DATABASE_URL non è un URL PostgreSQL valido: usa .*postgres:\/\/utente:password@host:5432\/database$/);
    expect(outcome.stdout).toBe('');
  });

  it('refuses mysql:// instead of taking it for a SQLite file name', async () => {
    const outcome = await run(SERVER, { DATABASE_URL: `mysql://root:${PASSWORD}@127.0.0.1:3306/buildpc` });
    expectOneLine(outcome, /^Configurazione non valida: DATABASE_URL usa lo schema non supportato mysql:\/\/: usa un percorso di file SQLite .* oppure postgres:\/\//);
  });

  it('stops the cluster primary before it forks any worker', async () => {
    const outcome = await run(SERVER, { DATABASE_URL: postgresUrl({ database: 'buildpc_non_esiste' }), WEB_CONCURRENCY: '2' });
    expectOneLine(outcome, /^Database non accessibile \(DATABASE_URL=.*\): il database "buildpc_non_esiste" non esiste/);
    expect(outcome.stdout).not.toContain('[cluster]');
  });

  it('gives the same one line from npm run db:migrate', async () => {
    const port = await closedPort();
    const outcome = await run(MIGRATE, { DATABASE_URL: `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/buildpc` });
    expectOneLine(outcome, /^Database non accessibile \(DATABASE_URL=postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/buildpc\): nessun server PostgreSQL in ascolto/);
  });

  it.each(['mongodb', 'http'])('refuses %s:// from npm run db:migrate', async (scheme) => {
    const outcome = await run(MIGRATE, { DATABASE_URL: `${scheme}://admin:${PASSWORD}@127.0.0.1/buildpc` });
    expectOneLine(outcome, new RegExp(`^Configurazione non valida: DATABASE_URL usa lo schema non supportato ${scheme}://`));
  });
});
