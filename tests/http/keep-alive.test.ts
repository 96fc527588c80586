/**
 * Early answers over real HTTP: a response sent before its request body was received
 * (413 from a body limit, 401 on an upload without a session, 415) carries `Connection: close`, and a
 * keep-alive client's next request succeeds on a new connection; ordinary requests keep the connection.
 * The server is the production one (server/node-server.ts) around the real app, on 127.0.0.1, port 0.
 */
import { Agent, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeServer } from '../../src/server/node-server';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let token: string;
let server: Server;
let port: number;
let connections = 0;
let agent: Agent;

beforeAll(async () => {
  ctx = await createTestContext({ UPLOAD_MAX_MB: '1' });
  token = await ctx.login();
  server = createNodeServer(ctx.app.fetch);
  server.on('connection', () => void (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});
// One socket at most: a request reuses the previous one whenever the server kept it open.
beforeEach(() => {
  agent?.destroy();
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

interface Outgoing {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent whole, with its Content-Length, as an ordinary client does. */
  body?: Buffer;
  /**
   * A body of this many bytes (declared in Content-Length) sent in two pieces, the second only after the
   * answer has arrived: the answer is then certainly written before the body is complete, whatever the
   * timing of the machine.
   */
  streamedBytes?: number;
}

const FIRST_PIECE = 64 * 1024;

function send({ method, path, headers = {}, body, streamedBytes }: Outgoing): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const allHeaders = streamedBytes === undefined ? headers : { ...headers, 'Content-Length': String(streamedBytes) };
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: allHeaders }, (res) => {
      answered = true;
      // The rest of the body, as a client that does not look at early answers would send it.
      if (streamedBytes !== undefined) req.end(Buffer.alloc(streamedBytes - FIRST_PIECE, 0x61));
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        resolve({ status: res.statusCode!, headers: res.headers, body: text.startsWith('{') ? JSON.parse(text) : text });
      });
    });
    // Once answered, the server may close while the rest is still being written: that is its right.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    if (streamedBytes !== undefined) req.write(Buffer.alloc(FIRST_PIECE, 0x61));
    else req.end(body);
  });
}

const bearer = () => ({ Authorization: `Bearer ${token}` });

/** A multipart upload of `size` bytes in the `image` field, as a browser sends it. */
function multipart(size: number): { body: Buffer; headers: Record<string, string> } {
  const boundary = '----buildpc-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, Buffer.alloc(size, 0x89), tail]), headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

/** The next request on the same agent: it must succeed, on a new connection. */
async function expectNextRequestSucceeds(connectionsBefore: number) {
  const next = await send({ method: 'GET', path: '/healthz' });
  expect(next.status).toBe(200);
  expect(next.body).toEqual({ ok: true });
  expect(connections, 'the next request opened a new connection').toBe(connectionsBefore + 1);
}

interface EarlyAnswer {
  name: string;
  outgoing: () => Outgoing;
  status: number;
  code: string;
}

const EARLY_ANSWERS: EarlyAnswer[] = [
  {
    name: 'oversize JSON (413 from the 1 MB body limit)',
    outgoing: () => ({ method: 'POST', path: '/api/admin/builds', headers: { ...bearer(), 'Content-Type': 'application/json' }, streamedBytes: 3 * 1024 * 1024 }),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'oversize upload (413 from UPLOAD_MAX_MB)',
    outgoing: () => ({ method: 'POST', path: '/api/admin/upload', headers: { ...bearer(), 'Content-Type': 'multipart/form-data; boundary=x' }, streamedBytes: 3 * 1024 * 1024 }),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'upload without a session (401)',
    outgoing: () => ({ method: 'POST', path: '/api/admin/upload', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, streamedBytes: 512 * 1024 }),
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    name: 'body that is not JSON (415)',
    outgoing: () => ({ method: 'POST', path: '/api/admin/builds', headers: { ...bearer(), 'Content-Type': 'text/plain' }, streamedBytes: 512 * 1024 }),
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
];

describe('answers sent before the request body was read', () => {
  it.each(EARLY_ANSWERS)('$name: Connection: close, and the next request succeeds', async ({ outgoing, status, code }) => {
    await send({ method: 'GET', path: '/healthz' }); // an open keep-alive connection to start from
    const before = connections;
    const answer = await send(outgoing());
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(answer.headers.connection).toBe('close');
    expect(connections, 'answered on the open connection').toBe(before);
    await expectNextRequestSucceeds(before);
  });

  it('an ordinary client sending a whole oversize upload gets 413 each time, and every next request works', async () => {
    const upload = multipart(3 * 1024 * 1024);
    for (let round = 0; round < 3; round++) {
      const answer = await send({ method: 'POST', path: '/api/admin/upload', headers: { ...bearer(), ...upload.headers }, body: upload.body });
      expect(answer.status).toBe(413);
      expect(answer.body.error.message).toBe('Immagine troppo grande (massimo 1 MB)');
      expect(answer.headers.connection).toBe('close');
      await expectNextRequestSucceeds(connections);
    }
  });

  it('fetch (undici) gets 413 and its next request succeeds', async () => {
    const base = `http://127.0.0.1:${port}`;
    for (let round = 0; round < 3; round++) {
      const upload = await fetch(`${base}/api/admin/builds`, {
        method: 'POST',
        headers: { ...bearer(), 'Content-Type': 'application/json' },
        body: JSON.stringify(sampleBuild({ content: 'x'.repeat(4 * 1024 * 1024) })),
      });
      expect(upload.status).toBe(413);
      expect(upload.headers.get('connection')).toBe('close');
      expect((await upload.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
      const next = await fetch(`${base}/healthz`);
      expect(next.status).toBe(200);
      expect(await next.json()).toEqual({ ok: true });
    }
  });
});

describe('ordinary requests', () => {
  it('keep the connection alive: reads, a small JSON write and a 4xx after reading the body', async () => {
    const before = connections;
    const health = await send({ method: 'GET', path: '/healthz' });
    const list = await send({ method: 'GET', path: '/api/builds' });
    const created = await send({
      method: 'POST',
      path: '/api/admin/builds',
      headers: { ...bearer(), 'Content-Type': 'application/json' },
      body: Buffer.from(JSON.stringify(sampleBuild())),
    });
    const invalid = await send({
      method: 'POST',
      path: '/api/admin/builds',
      headers: { ...bearer(), 'Content-Type': 'application/json' },
      body: Buffer.from(JSON.stringify(sampleBuild({ title: '' }))),
    });
    expect([health.status, list.status, created.status, invalid.status]).toEqual([200, 200, 201, 400]);
    for (const answer of [health, list, created, invalid]) expect(answer.headers.connection).toBe('keep-alive');
    expect(connections - before, 'all on one connection').toBe(1);
  });
});
