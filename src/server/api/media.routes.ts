/**
 * Images: POST /api/admin/upload, POST /api/admin/remove-background (admin, multipart field `image`)
 * and GET /uploads/:file (public, the stored WebP files, cached forever: their names are content hashes).
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../common/errors';
import { tooLargeError, UPLOAD_CONTENT_TYPE } from '../../modules/media';
import { PREVIEWS_PATH } from '../../common/site-images';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';

/** These take multipart bodies larger than the JSON limit: app.ts exempts them from it, they enforce their own. */
export const MEDIA_UPLOAD_API_PATHS = ['/api/admin/upload', '/api/admin/remove-background'] as const;

/** Room for the multipart envelope (boundaries, part headers) around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Every answer under /uploads: the fixed image type whatever the storage holds, never sniffed, and a
 * policy that lets nothing run even if a browser were made to render the bytes as a document (a file
 * stored by an older version, or by hand, could hold anything; this origin keeps the admin's token).
 */
const UPLOAD_RESPONSE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
} as const;

const noImage = () => new AppError('BAD_REQUEST', 'Nessuna immagine caricata');

/** The bytes of the multipart field `image`: 400 when absent or empty, 413 above the limit. */
async function readImageField(c: Context, maxBytes: number, maxMb: number): Promise<Uint8Array> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('Content-Type') ?? '')) throw noImage();
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw noImage();
  }
  const file = form.get('image');
  if (!(file instanceof File) || file.size === 0) throw noImage();
  if (file.size > maxBytes) throw tooLargeError(maxMb);
  return new Uint8Array(await file.arrayBuffer());
}

export function adminMediaRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();
  const { maxUploadBytes, maxUploadMb } = services.media;
  // Mounted after requireAuth: a request without a session is refused before its body is read.
  const uploadLimit = bodyLimit({
    maxSize: maxUploadBytes + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw tooLargeError(maxUploadMb);
    },
  });

  app.post('/upload', uploadLimit, async (c) => {
    const bytes = await readImageField(c, maxUploadBytes, maxUploadMb);
    return c.json(await services.media.saveUploadedImage(bytes), 201);
  });

  app.post('/remove-background', uploadLimit, async (c) => {
    services.media.requireBackgroundRemoval();
    const bytes = await readImageField(c, maxUploadBytes, maxUploadMb);
    const png = await services.media.removeBackground(bytes);
    return c.body(png, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' });
  });

  return app;
}

/** If-None-Match holds `etag` (or `*`); weak validators (W/"...") match too, as RFC 9110 asks for GET. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

export function uploadedFileRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();
  const notFound = (c: Context) => c.text('Immagine non trovata', 404, UPLOAD_RESPONSE_HEADERS);

  app.get('/uploads/:file', async (c) => {
    const name = c.req.param('file');
    // The name is a hash of the content, so it is a strong validator; a cache that revalidates (a CDN
    // or a browser after a reload) gets a 304 without the bytes leaving the storage (the database).
    const etag = `"${name}"`;
    const cacheHeaders = { 'Cache-Control': IMMUTABLE, ETag: etag, ...UPLOAD_RESPONSE_HEADERS };
    if (matchesIfNoneMatch(c.req.header('If-None-Match'), etag) && (await services.media.hasUpload(name))) {
      return c.body(null, 304, cacheHeaders);
    }
    const file = await services.media.readUpload(name);
    if (!file) return notFound(c);
    // The stored content type is not trusted: uploads are only ever stored as WebP (stored-upload.ts).
    return c.body(file.bytes, 200, { 'Content-Type': UPLOAD_CONTENT_TYPE, ...cacheHeaders });
  });
  // Anything else under /uploads (other methods, nested paths) never reaches the page renderer.
  app.all('/uploads/*', notFound);

  // A cover's JPEG for link previews (common/site-images.ts): named by the cover's content hash, so immutable too.
  app.get(`${PREVIEWS_PATH}/:file`, async (c) => {
    const bytes = await services.media.readPreview(c.req.param('file'));
    if (!bytes) return notFound(c);
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': IMMUTABLE, ...UPLOAD_RESPONSE_HEADERS });
  });
  app.all(`${PREVIEWS_PATH}/*`, notFound);

  return app;
}
