/**
 * The request log over real HTTP: the production Node server (server/node-server.ts) around the real app
 * with LOG_REQUESTS on, requests written byte by byte on a socket, and every line the process logs read
 * back. A path that decodes to a line break, a carriage return, NUL, ESC, a C1 control, a Unicode line
 * separator or a space stays one line with one path field; raw control bytes never reach the app.
 */
import { type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { format } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNodeServer } from '../../src/server/node-server';
import { createTestContext, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let server: Server;
let port: number;
const logged: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ LOG_REQUESTS: 'true' });
  server = createNodeServer(ctx.app.fetch);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // Everything the process writes through console, formatted as Node would write it.
  const keep = (...args: unknown[]) => void logged.push(format(...args));
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(keep);
});

afterAll(async () => {
  vi.restoreAllMocks();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

beforeEach(() => {
  logged.length = 0;
});

/** Sends `head` (the request line and headers, CRLF-separated, without the blank line) as raw bytes; resolves to the status. */
function sendRaw(head: Buffer | string): Promise<number> {
  return new Promise((resolve, reject) => {
    // Written, not ended: the server closes the connection once it has answered (Connection: close).
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(Buffer.concat([Buffer.isBuffer(head) ? head : Buffer.from(head, 'latin1'), Buffer.from('\r\nConnection: close\r\n\r\n')]));
    });
    let answer = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
  });
}

const get = (target: string, headers = '') => sendRaw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1${headers}`);

/** Characters a log line may never hold raw (see src/common/log-text.ts). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The request-log lines written so far: `METHOD PATH STATUS TIMING`. */
const requestLines = () => logged.filter((line) => /^[A-Z]+ \/\S* \d{3} (\d+\.\dms|\(cache\))$/.test(line));

describe('the request log', () => {
  it('the forged line of the review stays inside one path field of one line', async () => {
    expect(await get('/x%0AGET%20/admin%20200%201.0ms')).toBe(404);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^GET \/x\\x0AGET\\x20\/admin\\x20200\\x201\.0ms 404 \d+\.\dms$/);
    expect(logged[0]).not.toContain('\n');
  });

  it.each([
    ['LF', '%0A', '\\x0A'],
    ['CR', '%0D', '\\x0D'],
    ['CR LF', '%0D%0A', '\\x0D\\x0A'],
    ['NUL', '%00', '\\x00'],
    ['ESC (a terminal sequence)', '%1B%5B2J', '\\x1B[2J'],
    ['DEL', '%7F', '\\x7F'],
    ['C1 NEL (U+0085)', '%C2%85', '\\x85'],
    ['C1 CSI (U+009B)', '%C2%9B', '\\x9B'],
    ['LINE SEPARATOR (U+2028)', '%E2%80%A8', '\\u{2028}'],
    ['PARAGRAPH SEPARATOR (U+2029)', '%E2%80%A9', '\\u{2029}'],
    ['RIGHT-TO-LEFT OVERRIDE (U+202E)', '%E2%80%AE', '\\u{202E}'],
    ['a backslash (so "\\x0A" typed by hand never reads as an escape)', '%5Cx0A', '\\\\x0A'],
    ['a space', '%20200%201.0ms', '\\x20200\\x201.0ms'],
  ])('%s in the path is written escaped', async (_name, encoded, expected) => {
    for (const prefix of ['/pagina', '/api/nessuna']) {
      logged.length = 0;
      const status = await get(`${prefix}${encoded}fine`);
      expect(status).toBe(404);
      expect(logged, `${prefix}${encoded}`).toEqual([expect.stringMatching(/ 404 \d+\.\dms$/)]);
      expect(logged[0]!.startsWith(`GET ${prefix}${expected}fine 404 `), logged[0]).toBe(true);
      expect(FORBIDDEN.test(logged[0]!)).toBe(false);
    }
  });

  it('raw control bytes in the request line never reach the app: Node answers 400 and nothing is logged', async () => {
    for (const byte of [0x0a, 0x0d, 0x00, 0x1b, 0x7f, 0x85]) {
      const head = Buffer.concat([Buffer.from('GET /x'), Buffer.from([byte]), Buffer.from('GET /admin HTTP/1.1\r\nHost: 127.0.0.1')]);
      expect(await sendRaw(head), `byte 0x${byte.toString(16)}`).toBe(400);
    }
    expect(logged).toEqual([]);
  });

  it('header values, which Node lets carry C1 bytes, are never logged', async () => {
    const hostile = Buffer.concat([
      Buffer.from('GET /api/builds/nessuna HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: a'),
      Buffer.from([0x85]),
      Buffer.from('GET /admin 200 1.0ms\r\nX-Forwarded-For: 203.0.113.9\tGET'),
    ]);
    expect(await sendRaw(hostile)).toBe(404);
    expect(logged).toEqual([expect.stringMatching(/^GET \/api\/builds\/nessuna 404 \d+\.\dms$/)]);
  });

  it('the method is a field too, and every line of a burst stays one request', async () => {
    const targets = ['/a%0Ab', '/c%0D%0Ad', '/e%00f', '/g%1Bh', '/i%E2%80%A8j'];
    await Promise.all(targets.map((target) => get(target)));
    expect(requestLines()).toHaveLength(targets.length);
    expect(logged).toHaveLength(targets.length);
    for (const line of logged) expect(FORBIDDEN.test(line)).toBe(false);
  });

  it('an answer from the page cache is logged by the same line, marked (cache)', async () => {
    expect(await get('/api/builds')).toBe(200);
    expect(await get('/api/builds')).toBe(200);
    expect(logged).toEqual([expect.stringMatching(/^GET \/api\/builds 200 \d+\.\dms$/), 'GET /api/builds 200 (cache)']);
  });
});
