/**
 * An archive edited by someone hostile: it must not plant anything on the site's origin. Images are
 * stored only under an upload's own name, as image/webp, with bytes that are WebP and match the declared
 * size and sha256; rows only if the API could have written them (status, link schemes, publish dates,
 * slugs, prices...). Anything else refuses the whole archive with the line named, and nothing (row or
 * image) is written. A real backup of a site with uploads still restores.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/common/errors';
import { migrateToLatest } from '../../src/db/migrate';
import { seedDemoContent } from '../../src/db/seed';
import { createBackup, restoreBackup } from '../../src/modules/backup';
import { systemClock } from '../../src/modules/clock';
import { createUploadStorage } from '../../src/modules/media';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { testDialect } from '../helpers/test-database';
import { createEmptySite, dumpTables, readImages, samplePicture, type Site, temporaryDirectory } from './backup-fixtures';

const cleanups: (() => unknown)[] = [];
let source: TestContext;
let dir: string;
let archive: string;
/** The archive's lines, decompressed. */
let lines: string[];

const HTML = Buffer.from('<!doctype html><script>fetch("/api/admin/builds",{headers:{Authorization:"Bearer "+localStorage.token}})</script>');
const UPLOAD_NAME = `${'ab'.repeat(32)}-1280.webp`;

beforeAll(async () => {
  dir = temporaryDirectory(cleanups);
  source = await createTestContext({ UPLOAD_DIR: join(dir, 'source-uploads') });
  cleanups.push(() => source.close());
  await seedDemoContent(source.database.db);
  await source.services.media.saveUploadedImage(await samplePicture(1));
  archive = join(dir, 'site.ndjson.gz');
  const storage = createUploadStorage({ config: source.config, db: source.database.db });
  await createBackup({ db: source.database.db, dialect: source.database.dialect, storage, clock: systemClock }, archive, { withUsers: false });
  lines = gunzipSync(readFileSync(archive)).toString('utf8').trimEnd().split('\n');
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyTarget(): Promise<Site> {
  const site = await createEmptySite(testDialect, cleanups);
  await migrateToLatest(site.database.db, site.database.dialect);
  return site;
}

const restore = (site: Site, file: string) =>
  restoreBackup({ db: site.database.db, dialect: site.database.dialect, storage: site.storage, clock: systemClock }, file, { force: false });

let written = 0;
/** The archive with line `index` (0-based) replaced; answers its file and the 1-based line number the error must name. */
function withLine(index: number, replacement: unknown): { file: string; line: number } {
  const file = join(dir, `hostile-${written++}.ndjson.gz`);
  writeFileSync(file, gzipSync(`${lines.map((line, i) => (i === index ? JSON.stringify(replacement) : line)).join('\n')}\n`));
  return { file, line: index + 1 };
}

const firstImage = () => lines.findIndex((line) => line.startsWith('{"kind":"image"'));

/** An image line for `bytes`, with a matching size and hash unless told otherwise. */
function imageRecord(bytes: Buffer, fields: Record<string, unknown> = {}) {
  return {
    kind: 'image',
    key: UPLOAD_NAME,
    content_type: 'image/webp',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    data: bytes.toString('base64'),
    ...fields,
  };
}

/** The first row of `table` matching `where`, changed by `change`. */
function rowEdit(table: string, change: (row: Record<string, any>) => void, where: (row: Record<string, any>) => boolean = () => true) {
  const index = lines.findIndex((line) => line.includes(`"table":"${table}"`) && where(JSON.parse(line).row));
  const record = JSON.parse(lines[index]!);
  change(record.row);
  return { ...withLine(index, record), id: record.row.id as number };
}

async function expectRefusedAndNothingWritten(file: string, message: RegExp) {
  const target = await emptyTarget();
  const error = await restore(target, file).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isAppError(error), String(error)).toBe(true);
  expect((error as Error).message).toMatch(message);
  for (const [table, rows] of Object.entries(await dumpTables(target.database.db))) expect(rows, table).toEqual([]);
  expect((await readImages(target.storage)).size).toBe(0);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe(`a hostile archive is refused with its line named, and nothing is written (${testDialect})`, () => {
  it('a real backup with an upload restores (the rules accept what the site writes)', async () => {
    const target = await emptyTarget();
    const summary = await restore(target, archive);
    expect(summary.images).toBeGreaterThan(0);
    expect(summary.rows.get('builds')).toBe(7);
    const images = await readImages(target.storage);
    expect([...images.values()].every((image) => image.contentType === 'image/webp')).toBe(true);
  });

  it('a backup leaves out stored files that are not uploads (a stray file, an HTML page under an upload name), so it restores', async () => {
    const planted = createUploadStorage({ config: source.config, db: source.database.db });
    const stray = 'appunti.txt';
    await planted.put(stray, Buffer.from('note'), 'text/plain');
    await planted.put(UPLOAD_NAME, HTML, 'text/html');
    const file = join(dir, 'with-stray-files.ndjson.gz');
    const summary = await createBackup({ db: source.database.db, dialect: source.database.dialect, storage: planted, clock: systemClock }, file, { withUsers: false });
    expect(summary.skippedImages.sort()).toEqual([UPLOAD_NAME, stray].sort());
    const target = await emptyTarget();
    const restored = await restore(target, file);
    expect(restored.images).toBe(summary.images);
    expect([...(await readImages(target.storage)).keys()]).not.toContain(UPLOAD_NAME);
  });

  it('an HTML page declared as text/html', async () => {
    const { file, line } = withLine(firstImage(), imageRecord(HTML, { content_type: 'text/html' }));
    await expectRefusedAndNothingWritten(
      file,
      new RegExp(`^Archivio non valido alla riga ${line} \\(immagine ${UPLOAD_NAME}\\): tipo "text/html" non ammesso \\(le immagini caricate sono solo image/webp\\)$`),
    );
  });

  it('an HTML page declared as image/webp, plain or behind a RIFF/WEBP signature', async () => {
    const disguised = Buffer.concat([Buffer.from('RIFF\u0000\u0001\u0000\u0000WEBPVP8 '), HTML]);
    for (const bytes of [HTML, disguised]) {
      const { file, line } = withLine(firstImage(), imageRecord(bytes));
      await expectRefusedAndNothingWritten(file, new RegExp(`^Archivio non valido alla riga ${line} \\(immagine ${UPLOAD_NAME}\\): il contenuto non è un'immagine WebP$`));
    }
  });

  it.each([['../x'], ['pagina.html'], [`${'ab'.repeat(32)}-1280.html`], [`${'ab'.repeat(32)}-1280.webp/../../x`], ['immagine.webp']])(
    'an image under the key %s, outside the uploads\' own names',
    async (key) => {
      const webp = Buffer.from(JSON.parse(lines[firstImage()]!).data, 'base64');
      const { file, line } = withLine(firstImage(), imageRecord(webp, { key }));
      await expectRefusedAndNothingWritten(
        file,
        new RegExp(`^Archivio non valido alla riga ${line}: nome d'immagine non valido ${escape(JSON.stringify(key))} \\(le immagini caricate si chiamano <sha256>-<larghezza>\\.webp\\)$`),
      );
    },
  );

  it('an image whose declared size or sha256 does not match its bytes', async () => {
    const webp = Buffer.from(JSON.parse(lines[firstImage()]!).data, 'base64');
    for (const fields of [{ size: webp.length + 1 }, { sha256: 'f'.repeat(64) }]) {
      const { file, line } = withLine(firstImage(), imageRecord(webp, fields));
      await expectRefusedAndNothingWritten(
        file,
        new RegExp(`^Archivio non valido alla riga ${line} \\(immagine ${UPLOAD_NAME}\\): il contenuto non corrisponde alla sua dimensione e al suo sha256$`),
      );
    }
  });

  const at = (line: number, table: string, id: number) => `^Archivio non valido alla riga ${line} \\(tabella ${table}, id ${id}\\): `;

  it("a build with status 'hacked'", async () => {
    const { file, line, id } = rowEdit('builds', (row) => (row.status = 'hacked'));
    await expectRefusedAndNothingWritten(file, new RegExp(`${at(line, 'builds', id)}campo "status": Stato non valido: usa "draft" \\(Bozza\\), "published" \\(Pubblicato\\) o "scheduled" \\(Programmata\\)$`));
  });

  it.each([['javascript:alert(1)'], ['JavaScript:alert(1)'], ['data:text/html,<script>alert(1)</script>'], ['/percorso/relativo']])(
    'a component link %s',
    async (link) => {
      const { file, line, id } = rowEdit('components', (row) => (row.amazon_link = link));
      await expectRefusedAndNothingWritten(file, new RegExp(`${at(line, 'components', id)}campo "amazon_link": Il link deve essere un URL valido \\(https://\\.\\.\\.\\)$`));
    },
  );

  it('text holding U+0000, which PostgreSQL cannot store, in any table', async () => {
    const build = rowEdit('builds', (row) => (row.title = 'Build\u0000 da gioco'));
    await expectRefusedAndNothingWritten(build.file, new RegExp(`${at(build.line, 'builds', build.id)}campo "title": contiene il carattere nullo, che PostgreSQL non accetta$`));
    const component = rowEdit('components', (row) => (row.name = 'RTX\u00005070'));
    await expectRefusedAndNothingWritten(component.file, new RegExp(`${at(component.line, 'components', component.id)}campo "name": contiene il carattere nullo, che PostgreSQL non accetta$`));
  });

  it('a featured image javascript:alert(1), and a component image over http', async () => {
    const featured = rowEdit('builds', (row) => (row.featured_image = 'javascript:alert(1)'));
    await expectRefusedAndNothingWritten(featured.file, new RegExp(`${at(featured.line, 'builds', featured.id)}campo "featured_image": L'immagine deve essere un URL valido$`));
    const image = rowEdit('components', (row) => (row.image_url = 'http://m.media-amazon.com/images/I/x.jpg'));
    await expectRefusedAndNothingWritten(image.file, new RegExp(`${at(image.line, 'components', image.id)}campo "image_url": L'immagine del componente deve essere un URL https valido$`));
  });

  it.each([
    ['not a date', { status: 'scheduled', publish_at: 'domani alle 9' }, 'La data di pubblicazione non è valida'],
    ['without its offset', { status: 'scheduled', publish_at: '2099-01-01T09:00:00' }, 'La data di pubblicazione non è valida'],
    ['not in the form the site writes (compared as text)', { status: 'scheduled', publish_at: '2099-01-01T09:00:00+01:00' }, 'deve essere una data ISO-8601 in UTC'],
    ['missing on a scheduled build', { status: 'scheduled', publish_at: null }, 'manca: una build programmata'],
    ['on a build that is not scheduled', { status: 'draft', publish_at: '2099-01-01T09:00:00.000Z' }, 'deve essere vuoto: la build non è programmata \\(stato "draft"\\)'],
  ])('a publish_at %s', async (_name, fields, message) => {
    const { file, line, id } = rowEdit('builds', (row) => Object.assign(row, fields));
    await expectRefusedAndNothingWritten(file, new RegExp(`${at(line, 'builds', id)}campo "publish_at": ${message}`));
  });

  it.each([
    ['builds', 'a slug that leaves the path', (row: Record<string, any>) => (row.slug = '../admin'), 'slug', 'deve contenere solo lettere minuscole'],
    ['builds', 'an empty title', (row: Record<string, any>) => (row.title = '   '), 'title', 'Il titolo è obbligatorio'],
    ['builds', 'a negative budget', (row: Record<string, any>) => (row.budget_cents = -100), 'budget_cents', 'Il budget deve essere un numero positivo'],
    ['builds', 'an affiliate tag with a quote', (row: Record<string, any>) => (row.affiliate_tag = 'tag"><script>'), 'affiliate_tag', 'Tag affiliato non valido'],
    ['components', 'a price above the limit', (row: Record<string, any>) => (row.price_cents = 200_000_000), 'price_cents', 'Il prezzo deve essere un numero positivo fino a 1\\.000\\.000 €'],
    ['components', 'an ASIN that is no ASIN', (row: Record<string, any>) => (row.asin = '<b>x</b>'), 'asin', 'ASIN non valido'],
    ['components', 'overrides that are not JSON', (row: Record<string, any>) => (row.attribute_overrides = '{socket'), 'attribute_overrides', 'non è JSON valido'],
    ['components', 'an unknown override', (row: Record<string, any>) => (row.attribute_overrides = '{"colore":"rosso"}'), 'attribute_overrides', 'Attributo sconosciuto'],
    ['alternatives', 'a priority out of 1-5', (row: Record<string, any>) => (row.priority = 99), 'priority', 'deve essere tra 1 e 5'],
    ['alternative_categories', 'an unknown component type', (row: Record<string, any>) => (row.component_type = 'Tostapane'), 'component_type', 'Tipo di componente non valido'],
  ])('%s: %s', async (table, _name, change, column, message) => {
    const { file, line, id } = rowEdit(table, change);
    await expectRefusedAndNothingWritten(file, new RegExp(`${at(line, table, id)}campo "${column}": ${message}`));
  });
});
