/**
 * Response compression, off the event loop (zlib's thread pool) so a render in progress never waits for
 * another page's brotli. Qualities measured on our pages (an 82 KB home, 2 cores):
 * - a cached entry is compressed once and sent many times: brotli 5 (≈ 1.1 ms, 14.3 KB), not 11
 *   (≈ 110 ms for 10 % fewer bytes), except for small bodies, where 11 costs little;
 * - an answer compressed for one request only (the cache is off): brotli 2 (≈ 0.4 ms, 16.1 KB), which
 *   costs a third of quality 5 for 12 % more bytes.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Whether the compressed body is kept for many requests (a cache entry) or sent once. */
export type CompressionUse = 'kept' | 'once';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size the best brotli quality costs under a couple of milliseconds. */
const SMALL_BODY_BYTES = 8 * 1024;

function brotliQualityFor(bytes: number, use: CompressionUse): number {
  if (use === 'once') return 2;
  return bytes <= SMALL_BODY_BYTES ? 11 : 5;
}

/** The encoding to send for an Accept-Encoding header: brotli when accepted, then gzip. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  if (/\bbr\b/i.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/i.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

export async function compress(body: Uint8Array, encoding: Exclude<Encoding, 'identity'>, use: CompressionUse): Promise<Uint8Array<ArrayBuffer>> {
  const compressed =
    encoding === 'br'
      ? await brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQualityFor(body.byteLength, use),
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : await gzipAsync(body, { level: use === 'kept' ? 6 : 1 });
  return new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength);
}

/** Text responses are worth compressing; images and archives already are. */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|xml|rss\+xml|javascript)|image\/svg\+xml)/.test(contentType);
}
