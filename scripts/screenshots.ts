/**
 * Full-page screenshots of every screen at 390 px and 1440 px, for a person to look at before closing
 * a change that touches the layout (`npm run screenshots`, PNGs in ./screenshots/). The site is the
 * browser tests' one (production build, fresh SQLite with the demo content) with the fake Creators API
 * behind it, after one real price refresh of the gaming build, so thumbnails, the 30-day low and the
 * price chart show. Nothing leaves the machine: retailer images are answered by the harness.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { storeObservations } from '../src/modules/pricing';
import { startFakeCreatorsApi } from '../tests/fakes/creators-api';
import { demoCatalogue } from '../tests/fakes/creators-demo-catalogue';
import { retailerEnv } from '../tests/helpers/retailer-env';
import { apiJson, apiLogin, storeToken } from '../tests/e2e/admin-helpers';
import { newPage, startE2E, VIEWPORTS } from '../tests/e2e/harness';

const OUT = resolve('screenshots');
const catalogue = demoCatalogue();

const fake = await startFakeCreatorsApi({ catalogue });
const e2e = await startE2E(retailerEnv(fake));
try {
  mkdirSync(OUT, { recursive: true });
  const token = await apiLogin(e2e.url);
  const { body } = await apiJson<{ builds: Array<{ id: number; slug: string; status: string }> }>(e2e.url, '/admin/builds', { token });
  const build = body.builds.find((candidate) => candidate.status === 'published')!;

  // A month of older prices (each 5 % above today's), then a real refresh: the history has a shape.
  const db = e2e.runtime.database.db;
  const clock = { now: () => new Date() };
  for (const daysAgo of [28, 21, 14, 7]) {
    const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    const observations = catalogue.flatMap((item) =>
      item.price === null ? [] : [{ asin: item.asin, priceCents: Math.round(item.price * (100 + daysAgo / 2)), availability: 'IN_STOCK' as const }],
    );
    await db.transaction().execute((trx) => storeObservations(trx, clock, observations, at));
  }
  const refresh = await apiJson(e2e.url, `/admin/builds/${build.id}/update-prices`, { method: 'POST', token });
  if (refresh.status !== 200) throw new Error(`price refresh answered ${refresh.status}`);

  const screens: Array<{ name: string; path: string; admin: boolean }> = [
    { name: 'home', path: '/', admin: false },
    { name: 'build', path: `/build/${build.slug}`, admin: false },
    { name: 'not-found', path: '/build/non-esiste', admin: false },
    { name: 'admin-login', path: '/admin/login', admin: false },
    { name: 'admin-dashboard', path: '/admin', admin: true },
    { name: 'admin-builds', path: '/admin/builds', admin: true },
    { name: 'admin-editor', path: `/admin/builds/edit/${build.id}`, admin: true },
    { name: 'admin-new-build', path: '/admin/builds/new', admin: true },
    { name: 'admin-alternatives', path: '/admin/alternatives', admin: true },
    { name: 'admin-replacements', path: '/admin/replacements', admin: true },
    { name: 'admin-change-password', path: '/admin/change-password', admin: true },
  ];
  for (const { name: layout, mobile, viewport } of VIEWPORTS) {
    const opened = await newPage(e2e.browser, { viewport });
    const width = viewport.width;
    for (const screen of screens) {
      await storeToken(opened.page, e2e.url, screen.admin ? token : null);
      await opened.page.goto(`${e2e.url}${screen.path}`, { waitUntil: 'networkidle' });
      // A full-page capture skips what `content-visibility: auto` has not rendered yet (the build page's
      // component list): show it all, and let lazy images load by scrolling past them.
      await opened.page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      await opened.page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((done) => setTimeout(done, 50));
        }
        window.scrollTo(0, 0);
        await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
      });
      const file = `${OUT}/${screen.name}-${width}.png`;
      await opened.page.screenshot({ path: file, fullPage: true });
      console.log(`${layout}${mobile ? ' (phone)' : ''}: ${file}`);
    }
    if (opened.errors.length > 0) console.log(`errori della pagina a ${width} px:\n  ${opened.errors.join('\n  ')}`);
    await opened.close();
  }
} finally {
  await e2e.close();
  await fake.close();
}
