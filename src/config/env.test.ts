import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_POSTGRES_POOL, describeDatabaseTarget, loadConfig, parseDatabaseUrl, toPublicConfig } from './env';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.database.dialect).toBe('sqlite');
    expect(config.siteName).toBe('Build PC');
    expect(config.admin).toBeNull();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('selects PostgreSQL for postgres:// URLs and SQLite for paths', () => {
    expect(parseDatabaseUrl('postgres://u@h:5432/db').dialect).toBe('postgres');
    expect(parseDatabaseUrl('postgresql://u@h/db').dialect).toBe('postgres');
    expect(parseDatabaseUrl('file:./x.db')).toMatchObject({ dialect: 'sqlite' });
    expect(parseDatabaseUrl('sqlite:/tmp/x.db')).toEqual({ dialect: 'sqlite', filename: '/tmp/x.db' });
  });

  it.each(['mysql://root:pw@127.0.0.1/buildpc', 'mongodb://u:pw@h/db', 'mongodb+srv://u:pw@h/db', 'http://h/x', 'MYSQL://h/db'])(
    'refuses the unsupported scheme of %s, naming the supported forms and never the value',
    (value) => {
      expect(() => parseDatabaseUrl(value)).toThrow(ConfigError);
      try {
        parseDatabaseUrl(value);
      } catch (error) {
        const message = (error as Error).message;
        expect(message).toMatch(/^Configurazione non valida: DATABASE_URL usa lo schema non supportato [a-z+]+:\/\/: usa un percorso di file SQLite .* oppure postgres:\/\/utente:password@host:5432\/database$/);
        expect(message).not.toContain('pw');
        expect(message).not.toContain('buildpc');
      }
    },
  );

  it.each(['postgres://u:pw@h:porta/db', 'postgres://u:pw@h:99999/db', 'postgresql://[::1/db'])('rejects the malformed PostgreSQL URL %s', (value) => {
    expect(() => parseDatabaseUrl(value)).toThrow(/^Configurazione non valida: DATABASE_URL non è un URL PostgreSQL valido/);
  });

  it('still reads plain and Windows-style paths, sqlite: and file: as SQLite files', () => {
    expect(parseDatabaseUrl('./data/x.sqlite')).toMatchObject({ dialect: 'sqlite' });
    expect(parseDatabaseUrl('sqlite:///tmp/x.db')).toEqual({ dialect: 'sqlite', filename: '/tmp/x.db' });
    expect(parseDatabaseUrl('file:///tmp/x.db')).toEqual({ dialect: 'sqlite', filename: '/tmp/x.db' });
    expect(parseDatabaseUrl('C:\\dati\\x.sqlite')).toMatchObject({ dialect: 'sqlite' });
  });

  it('masks the password of a PostgreSQL URL wherever it is written', () => {
    const shown = (url: string) => describeDatabaseTarget(parseDatabaseUrl(url));
    expect(shown('postgres://autore:Segreta!1@db.example:5432/buildpc')).toBe('postgres://autore:***@db.example:5432/buildpc');
    expect(shown('postgres://autore:se@greta@db.example/buildpc')).toBe('postgres://autore:***@db.example/buildpc');
    expect(shown('postgresql://autore@db.example/buildpc?sslmode=require&password=Segreta')).toBe(
      'postgresql://autore@db.example/buildpc?sslmode=require&password=***',
    );
    expect(shown('postgres://db.example/buildpc')).toBe('postgres://db.example/buildpc');
    expect(describeDatabaseTarget({ dialect: 'sqlite', filename: '/srv/x.sqlite' })).toBe('/srv/x.sqlite');
  });

  it('reads the alert caps and the answer floor, with defaults', () => {
    expect(loadConfig({}).alerts).toEqual({ confirmationsPerDomainPerHour: 20, confirmationsPerDomainPerDay: 100, confirmationsPerHour: 100, confirmationsPerDay: 500, answerMinMs: 250 });
    const set = loadConfig({
      ALERT_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '5',
      ALERT_CONFIRMATIONS_PER_DOMAIN_PER_DAY: '6',
      ALERT_CONFIRMATIONS_PER_HOUR: '7',
      ALERT_CONFIRMATIONS_PER_DAY: '8',
      ALERT_ANSWER_MIN_MS: '0',
    });
    expect(set.alerts).toEqual({ confirmationsPerDomainPerHour: 5, confirmationsPerDomainPerDay: 6, confirmationsPerHour: 7, confirmationsPerDay: 8, answerMinMs: 0 });
  });

  it('reads the PostgreSQL pool settings, with defaults', () => {
    const url = 'postgres://u@h/db';
    expect(loadConfig({ DATABASE_URL: url }).database).toMatchObject({ pool: DEFAULT_POSTGRES_POOL });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '4', DATABASE_STATEMENT_TIMEOUT_SECONDS: '2.5' }).database).toMatchObject({
      pool: { size: 4, statementTimeoutMs: 2500 },
    });
  });

  it.each([
    [{ DATABASE_POOL_SIZE: '1' }, /^Configurazione non valida: DATABASE_POOL_SIZE almeno 2/],
    [{ DATABASE_POOL_SIZE: 'dieci' }, /^Configurazione non valida: DATABASE_POOL_SIZE deve essere un numero/],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: '0' }, /^Configurazione non valida: DATABASE_STATEMENT_TIMEOUT_SECONDS deve essere maggiore di zero/],
    [{ PORT: 'abc' }, /^Configurazione non valida: PORT .*numero.*\(valore: "abc"\)$/],
    [{ PORT: '70000' }, /^Configurazione non valida: PORT /],
    [{ PUBLIC_BASE_URL: 'localhost:3000' }, /^Configurazione non valida: PUBLIC_BASE_URL .*URL/],
    [{ DEFAULT_AFFILIATE_TAG: 'bad tag!' }, /^Configurazione non valida: DEFAULT_AFFILIATE_TAG /],
    [{ ADMIN_USERNAME: 'boss' }, /^Configurazione non valida: ADMIN_PASSWORD .*ADMIN_USERNAME/],
    [{ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'password' }, /^Configurazione non valida: ADMIN_PASSWORD password troppo debole/],
    [{ SESSION_TTL_HOURS: '0' }, /^Configurazione non valida: SESSION_TTL_HOURS /],
    [{ TRUST_PROXY: 'maybe' }, /^Configurazione non valida: TRUST_PROXY usa false, true oppure il numero di proxy davanti al sito \(da 0 a 10\) \(valore: "maybe"\)$/],
    [{ TRUST_PROXY: '11' }, /^Configurazione non valida: TRUST_PROXY usa false, true oppure il numero/],
    [{ TRUST_PROXY: '-1' }, /^Configurazione non valida: TRUST_PROXY /],
    [{ TRUST_PROXY: '1.5' }, /^Configurazione non valida: TRUST_PROXY /],
    [{ WEB_CONCURRENCY: '0' }, /^Configurazione non valida: WEB_CONCURRENCY usa un numero intero da 1 a 64 oppure auto \(valore: "0"\)$/],
    [{ WEB_CONCURRENCY: 'due' }, /^Configurazione non valida: WEB_CONCURRENCY usa un numero intero/],
    [{ WEB_CONCURRENCY: '1.5' }, /^Configurazione non valida: WEB_CONCURRENCY usa un numero intero/],
    [{ PAGE_CACHE_MB: '-1' }, /^Configurazione non valida: PAGE_CACHE_MB non può essere negativo \(0 disattiva la cache\) \(valore: "-1"\)$/],
    [{ PAGE_CACHE_MB: 'tanti' }, /^Configurazione non valida: PAGE_CACHE_MB deve essere un numero/],
    [{ PAGE_CACHE_MISSES_PER_MINUTE: '-1' }, /^Configurazione non valida: PAGE_CACHE_MISSES_PER_MINUTE non può essere negativo \(0 disattiva il limite\)/],
    [{ PAGE_CACHE_MISSES_PER_MINUTE: '2.5' }, /^Configurazione non valida: PAGE_CACHE_MISSES_PER_MINUTE deve essere un numero intero/],
    [{ PAGE_CACHE_MISSES_PER_MINUTE: 'molti' }, /^Configurazione non valida: PAGE_CACHE_MISSES_PER_MINUTE deve essere un numero/],
    [{ SEARCH_RANK_LIMIT: '11' }, /^Configurazione non valida: SEARCH_RANK_LIMIT deve essere almeno 12 \(una pagina di risultati\) \(valore: "11"\)$/],
    [{ SEARCH_RANK_LIMIT: '20.5' }, /^Configurazione non valida: SEARCH_RANK_LIMIT deve essere un numero intero/],
    // Limits with their thousands grouped, as every number the site writes.
    [{ SEARCH_RANK_LIMIT: '10001' }, /^Configurazione non valida: SEARCH_RANK_LIMIT al massimo 10\.000/],
    [{ PAGE_CACHE_MB: '5000' }, /^Configurazione non valida: PAGE_CACHE_MB al massimo 4\.096 \(valore: "5000"\)$/],
    [{ DATABASE_STATEMENT_TIMEOUT_SECONDS: '3601' }, /^Configurazione non valida: DATABASE_STATEMENT_TIMEOUT_SECONDS al massimo 3\.600 secondi/],
    [{ BUDGET_DRIFT_PERCENT: '0' }, /^Configurazione non valida: BUDGET_DRIFT_PERCENT deve essere maggiore di 0/],
    [{ BUDGET_DRIFT_PERCENT: '101' }, /^Configurazione non valida: BUDGET_DRIFT_PERCENT al massimo 100/],
    [{ ALERT_CONFIRMATIONS_PER_HOUR: '0' }, /^Configurazione non valida: ALERT_CONFIRMATIONS_PER_HOUR almeno 1 \(valore: "0"\)$/],
    [{ ALERT_CONFIRMATIONS_PER_DOMAIN_PER_DAY: 'molte' }, /^Configurazione non valida: ALERT_CONFIRMATIONS_PER_DOMAIN_PER_DAY deve essere un numero/],
    [{ ALERT_CONFIRMATIONS_PER_DAY: '2.5' }, /^Configurazione non valida: ALERT_CONFIRMATIONS_PER_DAY deve essere un numero intero/],
    [{ ALERT_CONFIRMATIONS_PER_HOUR: '2000', ALERT_CONFIRMATIONS_PER_DAY: '1000' }, /^Configurazione non valida: ALERT_CONFIRMATIONS_PER_HOUR non può superare ALERT_CONFIRMATIONS_PER_DAY \(1\.000\)/],
    [{ ALERT_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '200' }, /^Configurazione non valida: ALERT_CONFIRMATIONS_PER_DOMAIN_PER_HOUR non può superare ALERT_CONFIRMATIONS_PER_DOMAIN_PER_DAY \(100\)/],
    [{ ALERT_ANSWER_MIN_MS: '-1' }, /^Configurazione non valida: ALERT_ANSWER_MIN_MS non può essere negativo/],
    [{ ALERT_ANSWER_MIN_MS: '6000' }, /^Configurazione non valida: ALERT_ANSWER_MIN_MS al massimo 5\.000/],
    [{ UPLOAD_STORAGE: 's3' }, /^Configurazione non valida: UPLOAD_STORAGE usa database \(immagini nel database\) oppure directory \(cartella UPLOAD_DIR\) \(valore: "s3"\)$/],
  ])('rejects %o with one line naming the setting', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads TRUST_PROXY as the number of proxies in front of the site: false/0 none, true 1, or N', () => {
    const hops = (value: string | undefined) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxyHops;
    expect(hops(undefined)).toBe(0);
    for (const off of ['', 'false', 'FALSE', 'no', '0', ' 0 ']) expect(hops(off), off).toBe(0);
    for (const one of ['true', 'True', 'yes', '1']) expect(hops(one), one).toBe(1);
    expect(hops('2')).toBe(2);
    expect(hops(' 3 ')).toBe(3);
    expect(hops('10')).toBe(10);
  });

  it('runs one process unless WEB_CONCURRENCY asks for more; auto means one per CPU core', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: ' 3 ' }).webConcurrency).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: 'AUTO' }).webConcurrency).toBe(availableParallelism());
  });

  it('lists builds drifting more than 10 % from their budget unless BUDGET_DRIFT_PERCENT says otherwise', () => {
    expect(loadConfig({}).budgetDriftPercent).toBe(10);
    expect(loadConfig({ BUDGET_DRIFT_PERCENT: '7.5' }).budgetDriftPercent).toBe(7.5);
  });

  it('keeps 64 MB of pages per process unless PAGE_CACHE_MB says otherwise; 0 turns the cache off', () => {
    expect(loadConfig({}).pageCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ PAGE_CACHE_MB: '0' }).pageCacheBytes).toBe(0);
    expect(loadConfig({ PAGE_CACHE_MB: '0.5' }).pageCacheBytes).toBe(512 * 1024);
  });

  it('limits an address to 600 cache misses a minute per process unless PAGE_CACHE_MISSES_PER_MINUTE says otherwise; 0 turns it off', () => {
    expect(loadConfig({}).pageCacheMissesPerMinute).toBe(600);
    expect(loadConfig({ PAGE_CACHE_MISSES_PER_MINUTE: '0' }).pageCacheMissesPerMinute).toBe(0);
    expect(loadConfig({ PAGE_CACHE_MISSES_PER_MINUTE: '120' }).pageCacheMissesPerMinute).toBe(120);
  });

  it('ranks at most 200 matches of a search unless SEARCH_RANK_LIMIT says otherwise', () => {
    expect(loadConfig({}).searchRankLimit).toBe(200);
    expect(loadConfig({ SEARCH_RANK_LIMIT: '12' }).searchRankLimit).toBe(12);
  });

  it('keeps uploads in the database on PostgreSQL and in UPLOAD_DIR on SQLite, unless UPLOAD_STORAGE says otherwise', () => {
    const postgres = 'postgres://u@h:5432/db';
    expect(loadConfig({ DATABASE_URL: postgres }).uploads.storage).toBe('database');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).uploads.storage).toBe('database');
    expect(loadConfig({}).uploads.storage).toBe('directory');
    expect(loadConfig({ DATABASE_URL: './x.sqlite' }).uploads.storage).toBe('directory');
    expect(loadConfig({ DATABASE_URL: postgres, UPLOAD_STORAGE: 'directory' }).uploads.storage).toBe('directory');
    expect(loadConfig({ DATABASE_URL: './x.sqlite', UPLOAD_STORAGE: ' database ' }).uploads.storage).toBe('database');
    expect(loadConfig({ DATABASE_URL: postgres, UPLOAD_STORAGE: '' }).uploads.storage).toBe('database');
  });

  it('never echoes a secret value in the error', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'weakpass' })).toThrow(ConfigError);
    try {
      loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'weakpass' });
    } catch (error) {
      expect((error as Error).message).not.toContain('weakpass');
    }
  });

  it('exposes only public settings to the browser', () => {
    const config = loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Sicura!2026', DATABASE_URL: 'postgres://u:secret@h/db' });
    const exposed = JSON.stringify(toPublicConfig(config));
    expect(exposed).not.toContain('Sicura!2026');
    expect(exposed).not.toContain('secret');
    expect(Object.keys(toPublicConfig(config)).sort()).toEqual(
      ['defaultAffiliateTag', 'publicBaseUrl', 'siteAuthor', 'siteName', 'socialUrl', 'videoChannelUrl'].sort(),
    );
  });
});
