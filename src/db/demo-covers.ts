/**
 * Covers of the demo builds (decision 022), so that a new site's home page does not open on seven
 * identical placeholders. They are drawn by the editor's own cover generator (the build's title,
 * auto-fitted, default colours, no photo): the server has no canvas, so `npm run demo-covers`
 * (scripts/make-demo-covers.ts) renders them in Chromium and they are committed here as WebP files, one
 * per demo build, named after its slug. On the first start, right after the demo content, each goes
 * through the editor's upload path (the media service's saveUploadedImage: decoded, stripped, stored as
 * WebP variants in the configured storage) and becomes the build's featured image. A cover that cannot
 * be read or stored is logged and skipped: the build keeps the placeholder, the site starts.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { slugify } from '../common/slug';
import type { Database } from './tables';
import { demoBuilds } from './seed-data';

/** Relative to the working directory, the project, as ./data is: the server bundle does not carry files. */
export const DEMO_COVERS_DIR = 'src/db/demo-covers';

/** The committed cover of the demo build with this slug. */
export function demoCoverFile(slug: string, dir = DEMO_COVERS_DIR): string {
  return resolve(dir, `${slug}.webp`);
}

/** The demo builds' slugs and titles, in seed order. */
export function demoCoverTitles(): { slug: string; title: string }[] {
  return demoBuilds.map((build) => ({ slug: slugify(build.title), title: build.title }));
}

/** Stores an image as an upload and answers its URL (the media service's saveUploadedImage). */
export type SaveImage = (bytes: Uint8Array) => Promise<{ url: string }>;

/**
 * Uploads each demo build's cover and sets it as the featured image of the build with that slug, if it
 * has none. Never throws for one cover: its failure is logged and the others go on. Returns how many
 * builds got their cover.
 */
export async function addDemoCovers(db: Kysely<Database>, saveImage: SaveImage, dir = DEMO_COVERS_DIR): Promise<number> {
  let added = 0;
  for (const { slug } of demoCoverTitles()) {
    try {
      const { url } = await saveImage(await readFile(demoCoverFile(slug, dir)));
      const result = await db
        .updateTable('builds')
        .set({ featured_image: url, updated_at: new Date().toISOString() })
        .where('slug', '=', slug)
        .where('featured_image', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) added += 1;
    } catch (error) {
      console.warn(`[db] copertina dimostrativa di "${slug}" non caricata: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return added;
}
