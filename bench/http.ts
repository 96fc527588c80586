/**
 * Raw HTTP for bench/pages.ts: fetch would decompress the body, while nginx must be given (and the
 * checks must compare) the exact bytes on the wire.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { BENCH_USER_AGENT } from './start-site';

/**
 * What every bench request sends. `Accept-Encoding: br`: our server and nginx both answer brotli, the
 * encoding browsers get, so the two send the same compressed bytes. The User-Agent is a bot for isbot():
 * build pages are then served without counting a view (no database write per request).
 */
export const REQUEST_HEADERS = {
  'user-agent': BENCH_USER_AGENT,
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'br',
};

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** From sending the request to the last byte of the body. */
  milliseconds: number;
}

/** Without an agent, each request opens its own connection (with several processes: the next worker's). */
export function rawGet(url: string, headers: Record<string, string> = REQUEST_HEADERS, agent: Agent | false = false): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), milliseconds: performance.now() - started }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${url}: timeout`)));
    req.on('error', reject);
    req.end();
  });
}

export async function expectCache(url: string, state: 'HIT' | 'MISS', headers: Record<string, string> = REQUEST_HEADERS, agent: Agent | false = false): Promise<RawResponse> {
  const response = await rawGet(url, headers, agent);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  if (response.headers['x-cache'] !== state) {
    throw new Error(`GET ${url}: expected X-Cache ${state}, got ${String(response.headers['x-cache'])}`);
  }
  return response;
}

/** The value at percentile `p` (0-100) of ascending `sorted` values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
