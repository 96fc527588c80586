import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readArchive } from './archive-reader';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, BACKUP_TABLES, type BackupTableName, describeRowCounts } from './backup.schema';

const MIGRATIONS = ['0001_initial'];
const dir = mkdtempSync(join(tmpdir(), 'archive-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An archive of a manifest and a final record only, whatever the final record declares. */
function archive(name: string, tables: BackupTableName[], end: { rows: Partial<Record<BackupTableName, number>>; images: number }): string {
  const manifest = {
    kind: 'manifest',
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    created_at: '2026-11-22T10:00:00.000Z',
    source: { dialect: 'sqlite' },
    migrations: MIGRATIONS,
    options: { with_users: false },
    tables,
  };
  const path = join(dir, name);
  writeFileSync(path, gzipSync(`${JSON.stringify(manifest)}\n${JSON.stringify({ kind: 'end', ...end })}\n`));
  return path;
}

async function readError(path: string): Promise<string> {
  try {
    for await (const _record of readArchive(path, MIGRATIONS));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the archive was read without an error');
}

describe('the counts an archive is checked against', () => {
  it('names one missing row and one missing image in the singular', async () => {
    expect(await readError(archive('row.gz', ['builds'], { rows: { builds: 1 }, images: 0 }))).toBe(
      "Archivio non valido alla riga 2: il record finale dichiara 1 riga di builds, l'archivio ne contiene 0",
    );
    expect(await readError(archive('image.gz', [], { rows: {}, images: 1 }))).toBe(
      "Archivio non valido alla riga 2: il record finale dichiara 1 immagine, l'archivio ne contiene 0",
    );
  });

  it('groups the thousands of large counts', async () => {
    expect(await readError(archive('rows.gz', ['builds'], { rows: { builds: 1234 }, images: 0 }))).toMatch(/dichiara 1\.234 righe di builds,/);
  });

  it('sums up the rows per table in the singular or plural, thousands grouped', () => {
    const counts = new Map<BackupTableName, number>([
      ['components', 1234],
      ['builds', 1],
      ['sessions', 1],
    ]);
    expect(describeRowCounts(counts)).toBe('1 sessione, 1 build, 1.234 componenti');
  });

  it('groups the thousands of a column limit', () => {
    const builds = BACKUP_TABLES.find((table) => table.name === 'builds')!;
    const result = builds.row.shape.meta_description!.safeParse('x'.repeat(1001));
    expect(result.error?.issues[0]?.message).toBe('più lungo di 1.000 caratteri');
  });

  it('restores single-line fields on one line: an archive may predate their normalising (decision 037)', () => {
    const shape = (name: BackupTableName) => BACKUP_TABLES.find((table) => table.name === name)!.row.shape;
    expect(shape('builds').title!.parse('PC da\r\ngaming')).toBe('PC da gaming');
    expect(shape('builds').meta_title!.parse('\r\n')).toBeNull();
    expect(shape('builds').content!.parse('a\r\nb')).toBe('a\r\nb');
    expect(shape('components').name!.parse('Ryzen\u20287')).toBe('Ryzen 7');
    expect(shape('components').specs!.parse('a\nb')).toBe('a\nb');
    expect(shape('alternatives').alternative_name!.parse('Ryzen\t9')).toBe('Ryzen 9');
    expect(shape('replacements').original_name!.parse('Vecchio\nnome')).toBe('Vecchio nome');
    expect(shape('deleted_builds').title!.parse('Build\u0085andata')).toBe('Build andata');
  });
});
