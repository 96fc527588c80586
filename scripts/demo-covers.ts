/**
 * Renders the demo builds' covers (src/db/demo-covers.ts) with the editor's cover generator in Chromium:
 * the generator's code is bundled with esbuild into a blank page (scripts/demo-cover-page.ts), which draws
 * each cover on a 1280x720 canvas and hands it back as PNG. Used by `npm run demo-covers`
 * (scripts/make-demo-covers.ts) to write the committed files, and by tests/media/demo-covers.e2e.test.ts to
 * check that the committed files are what the generator draws.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';

/** WebP quality of the committed covers: a few tens of KB each, no visible banding on the gradient. */
export const COVER_WEBP_QUALITY = 90;

export interface RenderedCover {
  png: Buffer;
  /** The text size the generator chose (auto-fit). */
  fontSize: number;
}

async function bundleCoverPage(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./demo-cover-page.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0]!.text;
}

/** The cover of each title, drawn in `browser` (Chromium) by the editor's cover generator. */
export async function renderCovers(browser: Browser, titles: readonly string[]): Promise<RenderedCover[]> {
  // Device scale 1: one canvas pixel is one image pixel, as in the editor's exported file.
  const context = await browser.newContext({ deviceScaleFactor: 1, locale: 'it-IT' });
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><html lang="it"><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({ content: await bundleCoverPage() });
    const covers: RenderedCover[] = [];
    for (const title of titles) {
      const drawn = await page.evaluate((text) => (window as unknown as { renderDemoCover(text: string): { png: string; fontSize: number } }).renderDemoCover(text), title);
      covers.push({ png: Buffer.from(drawn.png.slice(drawn.png.indexOf(',') + 1), 'base64'), fontSize: drawn.fontSize });
    }
    return covers;
  } finally {
    await context.close();
  }
}

/** A rendered cover as the committed file: WebP, which saveUploadedImage accepts as the editor's PNG. */
export function encodeCover(png: Buffer): Promise<Buffer> {
  return sharp(png).webp({ quality: COVER_WEBP_QUALITY, effort: 6 }).toBuffer();
}
