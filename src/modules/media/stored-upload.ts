/**
 * What a stored upload is: a content-addressed name `<sha256>-<width>.webp` and WebP bytes (the upload
 * path converts every image to WebP, media.service.ts). The server only ever looks up such names, and
 * a restore (modules/backup) stores nothing else, so nothing but a WebP image can sit behind /uploads.
 */
import sharp from 'sharp';
import { isValidStorageKey } from '../../integrations/storage';
import { sniffImageType } from './image-type';

/** The one type uploads are stored as, and the one GET /uploads/:file answers with. */
export const UPLOAD_CONTENT_TYPE = 'image/webp';

const UPLOAD_KEY = /^[a-f0-9]{64}-\d{1,5}\.webp$/;

/** A name the upload path could have given (and the only names GET /uploads/:file will look up). */
export function isUploadKey(name: string): boolean {
  return UPLOAD_KEY.test(name) && isValidStorageKey(name);
}

/**
 * Whether the bytes are a WebP image: the RIFF/WEBP signature, then sharp reading the header as WebP with
 * real dimensions (a signature followed by HTML is not one). Reads the header only, no pixel is decoded.
 */
export async function isWebpImage(bytes: Uint8Array): Promise<boolean> {
  if (sniffImageType(bytes) !== 'webp') return false;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    return metadata.format === 'webp' && Boolean(metadata.width) && Boolean(metadata.height);
  } catch {
    return false;
  }
}
