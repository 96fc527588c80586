import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache';

/** A public "page" whose content is read when its render starts and sent when `finish` is called. */
function siteWithSlowRender() {
  const cache = createPageCache({ ttlMs: 60_000, maxEntries: 10, extraHeaders: () => ({}) });
  let content = 'prezzo 100 €';
  let renders = 0;
  let finish: (() => void) | null = null;
  const app = new Hono();
  app.use(cache.serveHit);
  app.use(cache.store);
  app.get('/build/demo', async (c) => {
    renders++;
    const read = content;
    if (renders === 1) await new Promise<void>((resolve) => (finish = resolve));
    return c.html(`<p>${read}</p>`);
  });
  return {
    cache,
    app,
    renders: () => renders,
    change(next: string) {
      content = next;
      cache.clear();
    },
    finishFirstRender: () => finish?.(),
    waitForFirstRender: async () => {
      while (finish === null) await new Promise((resolve) => setTimeout(resolve, 1));
    },
  };
}

describe('page cache', () => {
  it('serves a stored page from memory until the content changes', async () => {
    const site = siteWithSlowRender();
    const first = site.app.request('/build/demo');
    await site.waitForFirstRender();
    site.finishFirstRender();
    expect((await first).headers.get('X-Cache')).toBe('MISS');

    const hit = await site.app.request('/build/demo');
    expect(hit.headers.get('X-Cache')).toBe('HIT');
    expect(await hit.text()).toBe('<p>prezzo 100 €</p>');
    expect(site.renders()).toBe(1);

    site.change('prezzo 90 €');
    const after = await site.app.request('/build/demo');
    expect(after.headers.get('X-Cache')).toBe('MISS');
    expect(await after.text()).toBe('<p>prezzo 90 €</p>');
  });

  it('does not store a page whose render began before a content change', async () => {
    const site = siteWithSlowRender();
    const slow = site.app.request('/build/demo');
    await site.waitForFirstRender();
    site.change('prezzo 90 €');
    site.finishFirstRender();

    // The visitor already on the way gets the page as it was rendered...
    const stale = await slow;
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe('<p>prezzo 100 €</p>');
    expect(site.cache.size).toBe(0);

    // ...but nobody after the change does.
    const next = await site.app.request('/build/demo');
    expect(next.headers.get('X-Cache')).toBe('MISS');
    expect(await next.text()).toBe('<p>prezzo 90 €</p>');
    expect(site.renders()).toBe(2);
    const hit = await site.app.request('/build/demo');
    expect(hit.headers.get('X-Cache')).toBe('HIT');
    expect(await hit.text()).toBe('<p>prezzo 90 €</p>');
  });
});
