/**
 * remove.bg client: the only code that talks to the background-removal service. Wire format: POST
 * multipart with `size` and `image_file`, the API key in `X-Api-Key`; the answer is the PNG itself,
 * or JSON `{errors:[{title, code, detail?}]}`. The key is sent in that header only: it never appears
 * in an error message, so it cannot reach a log line or a response.
 */
import { RemoveBgError } from './remove-bg-error';

export const REMOVE_BG_TIMEOUT_MS = 30_000;
/** The largest answer accepted (a full-resolution PNG of 25 megapixels fits). */
export const MAX_RESULT_BYTES = 100 * 1024 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface RemoveBgClientOptions {
  apiKey: string;
  apiUrl: string;
  timeoutMs?: number;
  fetchFn?: typeof fetch;
}

export interface RemoveBgInput {
  bytes: Uint8Array;
  /** Sent as the file name of `image_file` (remove.bg ignores it; a sane name helps its logs). */
  filename?: string;
  contentType: string;
}

export interface RemoveBgClient {
  /** The PNG with the background removed (transparent). */
  removeBackground(input: RemoveBgInput): Promise<Uint8Array<ArrayBuffer>>;
}

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** remove.bg's error list, read without trusting the body to be JSON. */
function readErrors(text: string): { title?: string; code?: string } {
  try {
    const body = JSON.parse(text) as { errors?: { title?: unknown; code?: unknown }[] };
    const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
    return {
      ...(typeof first?.title === 'string' && { title: first.title.slice(0, 200) }),
      ...(typeof first?.code === 'string' && { code: first.code.slice(0, 60) }),
    };
  } catch {
    return {};
  }
}

function errorForStatus(status: number, text: string): RemoveBgError {
  const { title, code } = readErrors(text);
  const label = [status, code, title].filter(Boolean).join(' ');
  const kind = status === 401 || status === 403 ? 'auth' : status === 402 ? 'credits' : status === 429 ? 'throttled' : status >= 500 ? 'server' : 'bad_request';
  return new RemoveBgError(kind, `remove.bg: richiesta rifiutata (${label})`, { status, ...(code !== undefined && { code }) });
}

export function createRemoveBgClient({ apiKey, apiUrl, timeoutMs = REMOVE_BG_TIMEOUT_MS, fetchFn = fetch }: RemoveBgClientOptions): RemoveBgClient {
  return {
    async removeBackground({ bytes, filename = 'image', contentType }) {
      const form = new FormData();
      form.append('size', 'auto');
      // The default `auto` answers a JPEG when nothing was removed; the caller expects a PNG every time.
      form.append('format', 'png');
      form.append('image_file', new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
      let response: Response;
      let body: Uint8Array<ArrayBuffer>;
      try {
        // The timeout covers the whole exchange, body included.
        response = await fetchFn(apiUrl, {
          method: 'POST',
          headers: { 'X-Api-Key': apiKey },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const declared = Number(response.headers.get('content-length') ?? '0');
        if (declared > MAX_RESULT_BYTES) {
          await response.body?.cancel();
          throw new RemoveBgError('malformed', `remove.bg: risposta troppo grande (${declared} byte)`, { status: response.status });
        }
        body = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        if (error instanceof RemoveBgError) throw error;
        if (isTimeout(error)) {
          throw new RemoveBgError('timeout', `remove.bg: nessuna risposta entro ${timeoutMs / 1000} s`, { cause: error });
        }
        const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
        throw new RemoveBgError('network', `remove.bg non raggiungibile (${new URL(apiUrl).host}): ${cause}`, { cause: error });
      }
      if (!response.ok) throw errorForStatus(response.status, new TextDecoder().decode(body.subarray(0, 4096)));
      if (!isPng(body)) {
        throw new RemoveBgError('malformed', `remove.bg: la risposta non è un PNG (${response.headers.get('content-type') ?? 'senza Content-Type'})`, {
          status: response.status,
        });
      }
      return body;
    },
  };
}
