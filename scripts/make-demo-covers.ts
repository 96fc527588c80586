/**
 * `npm run demo-covers`: draws the cover of every demo build with the editor's cover generator in Debian's
 * Chromium (CHROMIUM_PATH) and writes them to src/db/demo-covers/<slug>.webp, which the first start uploads
 * as the demo builds' featured images (src/db/demo-covers.ts). Run it again after changing a demo title or
 * the cover generator, and commit the files; tests/media/demo-covers.e2e.test.ts fails until then.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_COVERS_DIR, demoCoverFile, demoCoverTitles } from '../src/db/demo-covers';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium';
import { encodeCover, renderCovers } from './demo-covers';

const demos = demoCoverTitles();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const covers = await renderCovers(browser, demos.map((demo) => demo.title));
  mkdirSync(DEMO_COVERS_DIR, { recursive: true });
  for (const [index, demo] of demos.entries()) {
    const cover = covers[index]!;
    const file = demoCoverFile(demo.slug);
    const webp = await encodeCover(cover.png);
    writeFileSync(file, webp);
    console.log(`${relative(process.cwd(), file)}: testo di ${cover.fontSize} px, ${Math.round(webp.length / 1024)} KB`);
  }
} finally {
  await browser.close();
}
