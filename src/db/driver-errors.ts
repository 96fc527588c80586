/** Driver error recognition shared by repositories (SQLite and PostgreSQL spell them differently). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** An insert or update that names a parent row that does not exist (any more). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * PostgreSQL error classes meaning "the database cannot serve this now", not "this request is wrong":
 * 08 connection exception, 53 insufficient resources (too many connections, disk full), 57 operator
 * intervention (57014: statement_timeout cancelled the query; 57P01-57P05: the server is stopping,
 * starting or terminated the connection), 55P03 lock_not_available (lock_timeout).
 */
const PG_UNAVAILABLE = /^(08|53|57)|^55P03$/;
/** Network failures of the driver's socket (node:net). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
/** Messages of pg and pg-pool that carry no code. */
const PG_CLIENT_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no connection free or made within connectionTimeoutMillis
  'Connection terminated', // ... due to connection timeout / unexpectedly
  'Query read timeout', // query_timeout: no answer from the server at all
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * The database is unreachable, too slow or busy: a timeout, a lost connection, SQLite still locked
 * after busy_timeout. The request may succeed if retried later, so the API answers 503, never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || code === 'SQLITE_BUSY') return true;
    if ('severity' in error && PG_UNAVAILABLE.test(code)) return true;
  }
  if (PG_CLIENT_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  // Several addresses for one host name (IPv4 and IPv6) fail together as one AggregateError.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}

/** Errors raised by the database or its driver (as opposed to a bug in our code). */
export function isDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    isDatabaseUnavailable(error) ||
    'severity' in error || // pg's DatabaseError: any error reported by the PostgreSQL server
    (typeof code === 'string' && code.startsWith('SQLITE_'))
  );
}

/**
 * One line, in Italian, saying why the database failed and what to check. Never contains the
 * password: pg's own messages name the user and the database, not the password.
 */
export function databaseFailureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const first = error instanceof AggregateError && error.errors[0] instanceof Error ? error.errors[0] : error;
  const code = (first as { code?: unknown }).code;
  const { address, port, hostname } = first as { address?: string; port?: number; hostname?: string };
  const where = address ? `${address}${port ? `:${port}` : ''}` : 'host e porta indicati';
  switch (code) {
    case 'ECONNREFUSED':
      return `nessun server PostgreSQL in ascolto su ${where} (connessione rifiutata): controlla host e porta e che il server sia avviato`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host ${hostname ? `"${hostname}" ` : ''}sconosciuto: controlla il nome del server`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `il server ${where} non è raggiungibile in rete (${code})`;
    case '28P01':
      return 'utente o password rifiutati dal server';
    case '28000':
      return `accesso rifiutato dal server: ${first.message}`;
    case '3D000':
      return `${first.message.replace(/^database (".*") does not exist$/, 'il database $1 non esiste sul server')}: crealo (createdb) o correggi il nome`;
    case '57P03':
      return 'il server PostgreSQL si sta avviando o arrestando: riprova tra poco';
    case '53300':
      return 'il server PostgreSQL ha esaurito le connessioni (max_connections): riduci DATABASE_POOL_SIZE o WEB_CONCURRENCY';
    case '57014':
      return 'la query ha superato DATABASE_STATEMENT_TIMEOUT_SECONDS';
    case 'SQLITE_CANTOPEN':
      return 'impossibile aprire o creare il file SQLite: controlla il percorso e i permessi';
    case 'SQLITE_NOTADB':
      return 'il file esiste ma non è un database SQLite';
    case 'SQLITE_READONLY':
      return 'il file SQLite è in sola lettura';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `permesso negato sul percorso del database (${code})`;
  }
  // 5 s: CONNECT_TIMEOUT_MS of connection.ts (not imported: services use this module, and only the
  // database layer may pull in the drivers).
  if (first.message.startsWith('Connection terminated due to connection timeout')) {
    return `il server non ha completato la connessione in tempo (5 s): controlla host, porta e firewall`;
  }
  if (first.message.startsWith('timeout exceeded when trying to connect')) {
    return `nessuna connessione disponibile in tempo (5 s): tutte occupate, o il server non risponde`;
  }
  if (first.message.startsWith('Query read timeout')) return 'nessuna risposta dal server: connessione interrotta o server bloccato';
  return first.message.replace(/\s+/g, ' ').trim();
}
