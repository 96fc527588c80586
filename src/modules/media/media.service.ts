/**
 * Uploaded images and background removal.
 *
 * An upload is accepted only if it decodes as a JPEG, PNG or WebP within the pixel limit. It is
 * auto-rotated, stripped of all metadata (EXIF, GPS, ICC: sharp writes none by default) and stored as
 * WebP: the normalised original (at most 1920 px wide) plus narrower variants for srcset, never
 * upscaled. Names are content addressed, `<sha256 of the normalised pixels>-<width>.webp`, so the same
 * image uploaded twice gives the same URLs and the files can be cached forever.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../common/errors';
import { formatCount } from '../../common/format';
import type { AppConfig } from '../../config/env';
import { createRemoveBgClient, isRemoveBgError, type RemoveBgClient, type RemoveBgErrorKind } from '../../integrations/remove-bg';
import { createLocalDirectoryStorage, type ObjectStorage, type StoredObject } from '../../integrations/storage';
import { IMAGE_MIME_TYPES, type ImageType, sniffImageType } from './image-type';
import type { UploadedImage } from './media.schema';
import { createPreviewRenditions } from './preview-image';
import { isUploadKey, UPLOAD_CONTENT_TYPE } from './stored-upload';
import { errorMessageForLog } from '../../common/log-text';

/** Public path of the stored files (GET /uploads/:file). */
export const UPLOADS_PATH = '/uploads';
export const MAX_STORED_WIDTH = 1920;
export const VARIANT_WIDTHS = [480, 960, 1280] as const;
/**
 * Size limits of an uploaded image, checked on the dimensions its header declares, before any pixel is
 * decoded: a decompression bomb (a small file declaring a huge canvas) or an oversized photo answers 413
 * in milliseconds instead of costing seconds of CPU. Every decode passes the same pixel limit to sharp.
 *
 * - 25 megapixels: decoding costs about 50 ms of CPU per megapixel here (a 24 MP PNG about 1.3 s, on one
 *   core that also serves the site), and the site stores at most 1920 px wide, so more pixels buy nothing.
 *   It admits what an author uploads: a phone photo as phones save it by default (12 MP, 4032 x 3024), a
 *   24 MP camera (6000 x 4000), any screenshot. A phone photo in full-resolution mode (48 MP, 8064 x 6048)
 *   is refused with 413 naming the limit: export it at 12 MP (the phone's default) or resize it first.
 * - 16383 px a side: the most WebP can hold. A narrow image keeps its height when stored (only the width is
 *   capped), so a taller one failed at encoding, after a full decode (a 2 x 20,000,000 PNG: 24 s, then 500).
 */
export const MAX_INPUT_PIXELS = 25_000_000;
export const MAX_INPUT_SIDE = 16_383;
const WEBP_QUALITY = 82;

export const NOT_AN_IMAGE_MESSAGE = "Il file non è un'immagine valida (usa JPEG, PNG, WebP o GIF)";
export const BACKGROUND_REMOVAL_ERROR_MESSAGE = 'Errore nella rimozione dello sfondo. Verifica la chiave API e riprova.';


export interface MediaServiceDeps {
  config: Pick<AppConfig, 'uploads' | 'removeBg'>;
  /** Where the files live (modules/media/upload-storage.ts picks it); defaults to the local directory UPLOAD_DIR. */
  storage?: ObjectStorage;
  /** Defaults to a remove.bg client when REMOVE_BG_API_KEY is set, else null. */
  backgroundRemover?: RemoveBgClient | null;
}

const formatMb = (mb: number) => String(mb).replace('.', ',');

export function tooLargeError(maxMb: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `Immagine troppo grande (massimo ${formatMb(maxMb)} MB)`);
}

const notAnImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE_MESSAGE);

function tooManyPixelsError(width: number, height: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `Immagine troppo grande (${formatCount(width)} × ${formatCount(height)} pixel): al massimo ` +
      `${MAX_INPUT_PIXELS / 1_000_000} megapixel e ${formatCount(MAX_INPUT_SIDE)} pixel per lato. Riducila e riprova.`,
  );
}

function upstreamHint(kind: RemoveBgErrorKind, code: string | undefined): string {
  switch (kind) {
    case 'auth':
      return 'remove.bg ha rifiutato la chiave API: controlla REMOVE_BG_API_KEY';
    case 'credits':
      return 'Crediti remove.bg esauriti';
    case 'throttled':
      return 'Troppe richieste a remove.bg: riprova tra poco';
    case 'bad_request':
      return code === 'unknown_foreground'
        ? 'remove.bg non ha riconosciuto un soggetto in primo piano'
        : "remove.bg non è riuscito a elaborare l'immagine";
    default:
      return 'Servizio remove.bg non raggiungibile o in errore: riprova più tardi';
  }
}

export function createMediaService({ config, storage, backgroundRemover }: MediaServiceDeps) {
  const store = storage ?? createLocalDirectoryStorage(config.uploads.dir);
  const remover = backgroundRemover !== undefined ? backgroundRemover : config.removeBg ? createRemoveBgClient(config.removeBg) : null;
  const { maxBytes, maxMb } = config.uploads;

  /** Type and size checks that need only the header: 413/415 before any pixel is decoded. */
  async function inspect(bytes: Uint8Array): Promise<ImageType> {
    if (bytes.length > maxBytes) throw tooLargeError(maxMb);
    const type = sniffImageType(bytes);
    if (!type) throw notAnImage();
    let metadata: Metadata;
    try {
      // metadata() reads the header only, no pixel: no limit here, so that the check below can name the size.
      metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw notAnImage();
    }
    const { width, height } = metadata;
    if (metadata.format !== type || !width || !height) throw notAnImage();
    if (width * height > MAX_INPUT_PIXELS || width > MAX_INPUT_SIDE || height > MAX_INPUT_SIDE) throw tooManyPixelsError(width, height);
    return type;
  }

  /** Decodes the whole image: rotated upright, sRGB, 8 bit, at most MAX_STORED_WIDTH wide. Any decoder error is a 415. */
  async function normalise(bytes: Uint8Array) {
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true })
        .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      return { pixels: data, width: info.width, height: info.height, channels: info.channels };
    } catch {
      throw notAnImage();
    }
  }

  async function firstFrameAsPng(bytes: Uint8Array): Promise<Uint8Array> {
    try {
      return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).png().toBuffer();
    } catch {
      throw notAnImage();
    }
  }

  function requireBackgroundRemoval(): RemoveBgClient {
    if (remover) return remover;
    throw new AppError('SERVICE_UNAVAILABLE', BACKGROUND_REMOVAL_ERROR_MESSAGE, {
      details: ['Rimozione dello sfondo non configurata: imposta REMOVE_BG_API_KEY'],
    });
  }

  const urlOf = (key: string) => `${UPLOADS_PATH}/${key}`;
  const previews = createPreviewRenditions({
    readUpload: async (key) => (isUploadKey(key) ? ((await store.get(key))?.bytes ?? null) : null),
    maxInputPixels: MAX_INPUT_PIXELS,
  });

  return {
    maxUploadMb: maxMb,
    maxUploadBytes: maxBytes,

    async saveUploadedImage(bytes: Uint8Array): Promise<UploadedImage> {
      await inspect(bytes);
      const image = await normalise(bytes);
      const hash = createHash('sha256')
        .update(`${image.width}x${image.height}x${image.channels}:`)
        .update(image.pixels)
        .digest('hex');
      const fromPixels = () =>
        sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: image.channels }, limitInputPixels: MAX_INPUT_PIXELS });
      const widths = [...VARIANT_WIDTHS.filter((width) => width < image.width), image.width];
      const variants: UploadedImage['variants'] = [];
      for (const width of widths) {
        const key = `${hash}-${width}.webp`;
        // Content addressed: an existing file already holds exactly these bytes.
        if (!(await store.has(key))) {
          const pipeline = width === image.width ? fromPixels() : fromPixels().resize({ width });
          await store.put(key, await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer(), UPLOAD_CONTENT_TYPE);
        }
        variants.push({ width, url: urlOf(key) });
      }
      return { url: urlOf(`${hash}-${image.width}.webp`), width: image.width, height: image.height, variants };
    },

    /** A stored file by its public name; null for anything that is not one (including path tricks). */
    async readUpload(name: string): Promise<StoredObject | null> {
      if (!isUploadKey(name)) return null;
      return store.get(name);
    },

    /** Whether a stored file exists, without reading it (answers a revalidation). */
    async hasUpload(name: string): Promise<boolean> {
      return isUploadKey(name) && store.has(name);
    },

    /** The JPEG link-preview rendition of a stored cover (preview-image.ts), or null when there is no such cover. */
    readPreview: previews.readPreview,

    /** 503 when REMOVE_BG_API_KEY is not set (checked before an upload is read). */
    requireBackgroundRemoval,

    /** The image with a transparent background, as PNG bytes. 503 when not configured, 502 when the service fails. */
    async removeBackground(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
      const client = requireBackgroundRemoval();
      const type = await inspect(bytes);
      // The service takes JPEG, PNG and WebP: a GIF goes as its first frame in PNG.
      const sent = type === 'gif' ? { bytes: await firstFrameAsPng(bytes), type: 'png' as const } : { bytes, type };
      try {
        return await client.removeBackground({
          bytes: sent.bytes,
          contentType: IMAGE_MIME_TYPES[sent.type],
          filename: `immagine.${sent.type === 'jpeg' ? 'jpg' : sent.type}`,
        });
      } catch (error) {
        if (!isRemoveBgError(error)) throw error;
        // The message names the status and remove.bg's code, never the key.
        console.warn(`[remove-bg] ${errorMessageForLog(error)}`);
        throw new AppError('UPSTREAM_ERROR', BACKGROUND_REMOVAL_ERROR_MESSAGE, { details: [upstreamHint(error.kind, error.code)] });
      }
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
