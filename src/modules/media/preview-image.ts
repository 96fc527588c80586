/**
 * JPEG renditions of the stored WebP covers for link previews (common/site-images.ts): some preview
 * services show no WebP. A rendition is derived from the stored cover on first request, cropped to the
 * 1200 × 630 card, and kept in a small per-process memory cache: a cover is converted once per process,
 * not once per request, and the answer is immutable (its name is the cover's content hash), so browsers,
 * CDNs and preview services keep it too. Nothing new is stored, so backups and restores are unchanged.
 */
import sharp from 'sharp';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, uploadKeyOfPreview } from '../../common/site-images';

/** Renditions kept per process (about 100 KB each): more than the covers a crawler asks for at once. */
const CACHED_RENDITIONS = 64;
const JPEG_QUALITY = 82;

export interface PreviewRenditionDeps {
  /** The stored WebP bytes of an upload key, or null when there is none. */
  readUpload: (key: string) => Promise<Uint8Array | null>;
  /** The pixel limit every decode passes to sharp (media.service.ts). */
  maxInputPixels: number;
}

export function createPreviewRenditions({ readUpload, maxInputPixels }: PreviewRenditionDeps) {
  // Promises, so concurrent requests for one cover share one conversion; oldest entry out first.
  const cache = new Map<string, Promise<Uint8Array | null>>();

  async function render(key: string): Promise<Uint8Array | null> {
    const webp = await readUpload(key);
    if (!webp) return null;
    try {
      // The centre of the cover, as the pages' cover frames crop it; flattened on white (JPEG has no alpha).
      return await sharp(webp, { limitInputPixels: maxInputPixels, failOn: 'error' })
        .resize({ width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        .toBuffer();
    } catch {
      // Bytes under an upload's name that are no image (stored by hand or by an older version): no preview.
      return null;
    }
  }

  /** The JPEG preview for a file name `<sha256>-<width>.jpg`, or null for any other name or a missing cover. */
  function readPreview(file: string): Promise<Uint8Array | null> {
    const key = uploadKeyOfPreview(file);
    if (!key) return Promise.resolve(null);
    const cached = cache.get(key);
    if (cached) {
      // Most recently used last, so the oldest unused rendition leaves first.
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const pending = render(key).then(
      (bytes) => {
        // A missing cover is not kept: it may be restored or uploaded later under the same name.
        if (bytes === null) cache.delete(key);
        return bytes;
      },
      (error: unknown) => {
        cache.delete(key);
        throw error;
      },
    );
    cache.set(key, pending);
    while (cache.size > CACHED_RENDITIONS) cache.delete(cache.keys().next().value!);
    return pending;
  }

  return { readPreview };
}
