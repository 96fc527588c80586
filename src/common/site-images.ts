/**
 * The images the site names to crawlers and link previews, with the dimensions they are served at.
 * Pure (no image library): page heads and structured data read it; the preview route
 * (server/api/media.routes.ts) serves the renditions it names.
 *
 * Covers are stored as WebP (modules/media), which some link-preview services do not show: a preview names
 * the cover's JPEG rendition under PREVIEWS_PATH instead, always PREVIEW_WIDTH × PREVIEW_HEIGHT (the 1.91:1
 * card every service shows uncropped).
 */

export interface SiteImage {
  /** Site path, e.g. '/og-default.png'. */
  path: string;
  width: number;
  height: number;
  type: 'image/png' | 'image/jpeg';
}

/** The site's own preview card (public/og-default.png): pages without a cover use it. */
export const DEFAULT_SOCIAL_IMAGE: SiteImage & { alt: string } = {
  path: '/og-default.png',
  width: 1200,
  height: 630,
  type: 'image/png',
  alt: 'Build PC: guide per assemblare il tuo PC',
};

/** The publisher's logo for structured data (public/logo.png, from favicon.svg). */
export const SITE_LOGO: SiteImage = { path: '/logo.png', width: 512, height: 512, type: 'image/png' };

export const PREVIEWS_PATH = '/anteprime';
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** A stored cover's URL path (`/uploads/<sha256>-<width>.webp`, stored-upload.ts). */
const UPLOADED_COVER = /^\/uploads\/([a-f0-9]{64}-\d{1,5})\.webp$/;
/** A preview rendition's file name under PREVIEWS_PATH. */
const PREVIEW_FILE = /^([a-f0-9]{64}-\d{1,5})\.jpg$/;

/** The JPEG preview of an uploaded cover, or null when the image is not one of our uploads. */
export function previewOfCover(coverUrl: string | null | undefined): SiteImage | null {
  const match = coverUrl ? UPLOADED_COVER.exec(coverUrl) : null;
  if (!match) return null;
  return { path: `${PREVIEWS_PATH}/${match[1]}.jpg`, width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, type: 'image/jpeg' };
}

/** The stored upload a preview file name is made from (`<key>.jpg` → `<key>.webp`), or null. */
export function uploadKeyOfPreview(file: string): string | null {
  const match = PREVIEW_FILE.exec(file);
  return match ? `${match[1]}.webp` : null;
}
