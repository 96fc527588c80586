/**
 * The demo builds' covers (decision 022; src/db/demo-covers.ts). The committed files are what the
 * editor's cover generator draws: each is drawn again here, in Chromium, by the committed code
 * (scripts/demo-covers.ts bundling the generator's draw-cover.ts and cover-layout.ts) and compared with
 * the file pixel by pixel, within the loss of its WebP encoding. A first start shows them on the home
 * page, one per published build, at phone and desktop width.
 *
 * The text is drawn in the system font Chromium picks for the generator's font list (DejaVu Sans on
 * Debian): run `npm run demo-covers` again on a machine with other fonts, and this test tells.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoCoverFile, demoCoverTitles } from '../../src/db/demo-covers';
import { demoBuilds } from '../../src/db/seed-data';
import { renderCovers } from '../../scripts/demo-covers';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from '../e2e/harness';

/**
 * Measured between a fresh drawing and its committed WebP (quality 90): a mean difference under 1 level
 * of 255 and no pixel off by more than 48 in any channel. Two different titles differ by 28 to 45 on
 * average, with 17-28% of the pixels that far apart, so the margins below tell them apart by far.
 */
const MAX_MEAN_DIFFERENCE = 3;
const FAR = 48;
const MAX_FAR_SHARE = 0.005;

interface Difference {
  mean: number;
  farShare: number;
}

async function rgb(image: Buffer) {
  return sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** Mean absolute difference per channel, and the share of pixels with a channel more than FAR apart. */
async function difference(a: Buffer, b: Buffer): Promise<Difference> {
  const [x, y] = await Promise.all([rgb(a), rgb(b)]);
  expect([y.info.width, y.info.height]).toEqual([x.info.width, x.info.height]);
  const pixels = x.info.width * x.info.height;
  let sum = 0;
  let far = 0;
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    let worst = 0;
    for (let channel = 0; channel < 3; channel += 1) {
      const delta = Math.abs(x.data[pixel * 3 + channel]! - y.data[pixel * 3 + channel]!);
      sum += delta;
      worst = Math.max(worst, delta);
    }
    if (worst > FAR) far += 1;
  }
  return { mean: sum / (pixels * 3), farShare: far / pixels };
}

let e2e: E2EContext;
beforeAll(async () => {
  // What a first start does is the subject: a real one, not the copy the other files start from.
  e2e = await startE2E({}, { firstStart: true });
});
afterAll(() => e2e?.close());

let opened: OpenedPage | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('demo covers', () => {
  it('the committed files are what the cover generator draws (title auto-fitted, default colours)', async () => {
    const demos = demoCoverTitles();
    expect(demos).toHaveLength(demoBuilds.length);
    const covers = await renderCovers(e2e.browser, demos.map((demo) => demo.title));
    for (const [index, demo] of demos.entries()) {
      const committed = readFileSync(demoCoverFile(demo.slug));
      expect(committed.length, `${demo.slug}: a few tens of KB`).toBeLessThan(80 * 1024);
      const metadata = await sharp(committed).metadata();
      expect([metadata.format, metadata.width, metadata.height], demo.slug).toEqual(['webp', 1280, 720]);
      const same = await difference(covers[index]!.png, committed);
      console.log(`${demo.slug}: ${covers[index]!.fontSize} px, mean difference ${same.mean.toFixed(2)}, far ${(same.farShare * 100).toFixed(3)}%`);
      expect(same.mean, demo.slug).toBeLessThan(MAX_MEAN_DIFFERENCE);
      expect(same.farShare, demo.slug).toBeLessThan(MAX_FAR_SHARE);
    }
    // The measure tells covers apart: another title's file is far from this drawing.
    const other = await difference(covers[0]!.png, readFileSync(demoCoverFile(demos[1]!.slug)));
    expect(other.mean).toBeGreaterThan(10 * MAX_MEAN_DIFFERENCE);
    expect(other.farShare).toBeGreaterThan(10 * MAX_FAR_SHARE);
  });

  it.each(VIEWPORTS)('the home page ($name) shows every published demo build with its own cover, loaded', async ({ viewport }) => {
    opened = await newPage(e2e.browser, { viewport });
    const { page } = opened;
    await page.goto(`${e2e.url}/`);
    const images = page.locator('#builds [data-testid="build-grid"] li img');
    const published = demoBuilds.filter((build) => build.status === 'published');
    expect(await images.count()).toBe(published.length);
    // Lazy images load as they come into view.
    for (let index = 0; index < published.length; index += 1) await images.nth(index).scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.evaluateAll((list) => list.map((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth)))
      .toEqual(published.map(() => 1280));
    const sources = await images.evaluateAll((list) => list.map((image) => (image as HTMLImageElement).getAttribute('src')));
    expect(new Set(sources).size).toBe(published.length);
    for (const source of sources) expect(source).toMatch(/^\/uploads\/[a-f0-9]{64}-1280\.webp$/);
    expect(opened.errors).toEqual([]);
  });
});
