/**
 * A fake remove.bg on node:http (127.0.0.1, port 0 by default) speaking its wire format: POST
 * /v1.0/removebg, multipart with `size` and `image_file`, the key in `X-Api-Key`; the answer is a PNG
 * of the same size with an alpha channel (the subject: an opaque ellipse, the rest transparent) and
 * remove.bg's headers, or `{errors:[{title, code}]}`: 403 wrong or missing key, 400 bad size or an
 * image it cannot read. Every request is recorded; faults can be injected with `failNext`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export const REMOVE_BG_PATH = '/v1.0/removebg';
export const DEFAULT_FAKE_REMOVE_BG_KEY = 'fake-remove-bg-key-0123456789';

const SIZES = new Set(['auto', 'preview', 'small', 'regular', 'medium', 'hd', 'full', '4k', '50MP']);
const FORMATS = new Set(['auto', 'png', 'jpg', 'webp', 'zip']);

export interface RemoveBgFault {
  /** Omitted: after `delayMs` the request is handled normally. */
  status?: number;
  /** A string or bytes are sent as they are (for non-PNG answers); anything else as JSON. Defaults to remove.bg's body for the status. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (longer than the client timeout: a hanging service). */
  delayMs?: number;
}

export interface RecordedRemoveBgRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Text fields of the multipart body (`size`, `format`, ...). */
  fields: Record<string, string>;
  /** The `image_file` part, if any. */
  file: { name: string; type: string; bytes: Uint8Array } | null;
  /** The status answered (null while pending or if the client went away first). */
  status: number | null;
}

export interface FakeRemoveBg {
  /** The value of REMOVE_BG_API_URL. */
  url: string;
  apiKey: string;
  requests: RecordedRemoveBgRequest[];
  /** The next `count` requests get this fault instead of (or before) their normal answer. */
  failNext(count: number, fault: RemoveBgFault): void;
  close(): Promise<void>;
}

export interface FakeRemoveBgOptions {
  apiKey?: string;
  host?: string;
  port?: number;
}

const errorBody = (title: string, code: string) => ({ errors: [{ title, code }] });

const DEFAULT_FAULT_BODIES: Record<number, object> = {
  400: errorBody('Could not identify foreground in image.', 'unknown_foreground'),
  402: errorBody('Insufficient credits', 'insufficient_credits'),
  403: errorBody('API Key invalid', 'auth_failed'),
  429: errorBody('Rate limit exceeded', 'rate_limit_exceeded'),
  500: errorBody('Internal server error', 'internal_error'),
  503: errorBody('Service unavailable', 'service_unavailable'),
};

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // remove.bg accepts files up to 22 MB
      if (size > 30 * 1024 * 1024) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The multipart body parsed by the platform's own parser (undici), as a real server would. */
async function parseMultipart(raw: Buffer, contentType: string): Promise<Pick<RecordedRemoveBgRequest, 'fields' | 'file'>> {
  const fields: Record<string, string> = {};
  let file: RecordedRemoveBgRequest['file'] = null;
  if (!/^multipart\/form-data/i.test(contentType)) return { fields, file };
  try {
    const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(raw) }).formData();
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else if (name === 'image_file') file = { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  } catch {
    // malformed multipart: treated as no fields
  }
  return { fields, file };
}

/** The "cut-out": the same image, upright, with an alpha mask keeping an ellipse in the middle. */
async function cutOut(bytes: Uint8Array): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes, { autoOrient: true }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const mask = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width / 2.5);
      const dy = (y - height / 2) / (height / 2.5);
      mask[y * width + x] = dx * dx + dy * dy <= 1 ? 255 : 0;
    }
  }
  const png = await sharp(data, { raw: { width, height, channels: info.channels } })
    .joinChannel(mask, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, width, height };
}

export async function startFakeRemoveBg(options: FakeRemoveBgOptions = {}): Promise<FakeRemoveBg> {
  const apiKey = options.apiKey ?? DEFAULT_FAKE_REMOVE_BG_KEY;
  const requests: RecordedRemoveBgRequest[] = [];
  const faults: RemoveBgFault[] = [];
  const pendingDelays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let closing: Promise<void> | null = null;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => (pendingDelays.delete(entry), resolve()), ms), resolve };
      pendingDelays.add(entry);
    });

  async function handle(record: RecordedRemoveBgRequest): Promise<Reply> {
    const fault = faults.shift();
    if (fault?.delayMs) await wait(fault.delayMs);
    if (fault?.status !== undefined) return { status: fault.status, body: fault.body ?? DEFAULT_FAULT_BODIES[fault.status] ?? {}, headers: fault.headers ?? {} };
    if (record.method !== 'POST') return { status: 405, body: errorBody('Method not allowed', 'method_not_allowed') };
    if (record.headers['x-api-key'] !== apiKey) return { status: 403, body: DEFAULT_FAULT_BODIES[403] };
    const size = record.fields.size ?? 'preview';
    if (!SIZES.has(size)) return { status: 400, body: errorBody(`Invalid size: ${size}`, 'invalid_size') };
    const format = record.fields.format ?? 'auto';
    if (!FORMATS.has(format)) return { status: 400, body: errorBody(`Invalid format: ${format}`, 'invalid_format') };
    if (!record.file || record.file.bytes.length === 0) {
      return { status: 400, body: errorBody('No image given. Please provide image_file, image_url or image_file_b64.', 'missing_source') };
    }
    let result: Awaited<ReturnType<typeof cutOut>>;
    try {
      result = await cutOut(record.file.bytes);
    } catch {
      return { status: 400, body: errorBody('Failed to read image.', 'unknown_format') };
    }
    return {
      status: 200,
      body: result.png,
      headers: {
        'content-type': 'image/png',
        'x-width': String(result.width),
        'x-height': String(result.height),
        'x-type': 'product',
        'x-credits-charged': '1',
      },
    };
  }

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const raw = await readRaw(req);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      const record: RecordedRemoveBgRequest = { method: req.method ?? 'GET', path, headers, fields: {}, file: null, status: null };
      let reply: Reply;
      if (path !== REMOVE_BG_PATH) {
        reply = { status: 404, body: errorBody(`No route for ${req.method} ${path}`, 'not_found') };
      } else {
        Object.assign(record, await parseMultipart(raw, headers['content-type'] ?? ''));
        requests.push(record);
        reply = await handle(record);
      }
      if (res.destroyed) return; // the client timed out and left
      record.status = reply.status;
      const binary = reply.body instanceof Uint8Array;
      const text = binary || typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status, { 'content-type': binary ? 'application/octet-stream' : 'application/json', ...reply.headers });
      res.end(text as string | Uint8Array);
    })().catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify(errorBody(String(error), 'internal_error')));
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;

  function closeServer(): Promise<void> {
    for (const entry of pendingDelays) {
      clearTimeout(entry.timer);
      entry.resolve();
    }
    pendingDelays.clear();
    return new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  }

  return {
    url: `http://${address.address}:${address.port}${REMOVE_BG_PATH}`,
    apiKey,
    requests,
    failNext(count, fault) {
      for (let i = 0; i < count; i++) faults.push({ ...fault });
    },
    close() {
      closing ??= closeServer();
      return closing;
    },
  };
}
