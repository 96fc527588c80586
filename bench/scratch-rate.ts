import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/connection';
import { createServices } from '../src/modules/services';
async function rate(fn: () => Promise<unknown>, ms = 1500) {
  for (let i = 0; i < 30; i++) await fn();
  const start = performance.now(); let n = 0;
  while (performance.now() - start < ms) { await fn(); n++; }
  return n / ((performance.now() - start) / 1000);
}
for (const url of ['/tmp/wts/s.sqlite', 'postgres://postgres@127.0.0.1:5432/wts_bench']) {
  for (const limit of ['200', '10000']) {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_REQUESTS: 'false', SEARCH_RANK_LIMIT: limit });
    const database = openDatabase(config.database);
    const services = createServices({ db: database.db, config });
    for (const q of ['pc', 'gaming', 'rtx 5070 editing']) {
      const r = await services.search.search({ q, limit: 12, offset: 0 });
      console.log(database.dialect, limit, q, Math.round(await rate(() => services.search.search({ q, limit: 12, offset: 0 }))), '/s', r.total, r.totalCapped, r.builds.slice(0, 3).map((b) => b.id).join(','));
    }
    const last = await services.search.search({ q: 'pc', limit: 12, offset: 192 });
    console.log('  page 17:', last.builds.length, last.total, 'past:', (await services.search.search({ q: 'pc', limit: 12, offset: 204 })).builds.length);
    await database.destroy();
  }
}
