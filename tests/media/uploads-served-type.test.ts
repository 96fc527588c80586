/**
 * GET /uploads/<name> answers image/webp whatever the storage holds, never to be sniffed and with a policy
 * that lets nothing run: a file stored by an older version (or by hand) holding an HTML page cannot become
 * a page on the site's origin, where the admin keeps its token. Both storages, over real HTTP.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadStorage } from '../../src/modules/media';
import { createNodeServer } from '../../src/server/node-server';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { testDialect } from '../helpers/test-database';

const HTML = '<!doctype html><title>x</title><script>alert(document.domain)</script>';
const SANDBOX = "default-src 'none'; sandbox";

let root: string;
const servers: Server[] = [];
const contexts: TestContext[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'buildpc-uploads-type-'));
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await Promise.all(contexts.map((ctx) => ctx.close()));
  rmSync(root, { recursive: true, force: true });
});

async function serve(ctx: TestContext): Promise<string> {
  const server = createNodeServer(ctx.app.fetch);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Plants an HTML page under an upload's name, as an older restore or a hand-made copy could have. */
const plant = {
  async database(ctx: TestContext, key: string) {
    await createUploadStorage({ config: ctx.config, db: ctx.database.db }).put(key, Buffer.from(HTML), 'text/html; charset=utf-8');
  },
  async directory(ctx: TestContext, key: string) {
    mkdirSync(ctx.config.uploads.dir, { recursive: true });
    writeFileSync(join(ctx.config.uploads.dir, key), HTML);
  },
};

describe.each(['database', 'directory'] as const)(`UPLOAD_STORAGE=%s (${testDialect})`, (storage) => {
  let ctx: TestContext;
  let base: string;
  const key = `${'cd'.repeat(32)}-480.webp`;

  beforeAll(async () => {
    ctx = await createTestContext({ UPLOAD_STORAGE: storage, UPLOAD_DIR: join(root, storage) });
    contexts.push(ctx);
    base = await serve(ctx);
    await plant[storage](ctx, key);
  });

  it('a stored HTML page is answered as image/webp, with nosniff and the sandbox policy', async () => {
    const response = await fetch(`${base}/uploads/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(SANDBOX);
    expect(await response.text()).toBe(HTML); // the bytes as stored: the type, not the content, is what is fixed
  });

  it('the revalidation (304) and the not-found answers carry the same headers', async () => {
    const revalidated = await fetch(`${base}/uploads/${key}`, { headers: { 'If-None-Match': `"${key}"` } });
    expect(revalidated.status).toBe(304);
    for (const path of [`/uploads/${'ef'.repeat(32)}-480.webp`, '/uploads/pagina.html', '/uploads/a/b']) {
      const missing = await fetch(`${base}${path}`);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(missing.headers.get('content-security-policy'), path).toBe(SANDBOX);
      expect(missing.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    for (const header of ['content-security-policy', 'x-content-type-options'] as const) {
      expect(revalidated.headers.get(header)).toBe(header === 'x-content-type-options' ? 'nosniff' : SANDBOX);
    }
  });
});
