// Temporary probe: in-process render cost of the home page, no HTTP.
import { loadConfig } from './src/config/env';
import { bootstrap } from './src/server/bootstrap';
import { createPageRenderer } from './src/server/pages';
const config = loadConfig({ ...process.env, DATABASE_URL: '/tmp/prof.sqlite', LOG_REQUESTS: 'false', PRICE_SCHEDULER_ENABLED: 'false', NODE_ENV: 'production' });
const runtime = await bootstrap(config, { runJobs: false });
const build = await import('./build/server/index.js');
const render = createPageRenderer(build as never, runtime);
const path = process.argv[2] ?? '/';
const fakeC = () => ({ req: { raw: new Request('http://127.0.0.1' + path, { headers: { 'user-agent': 'Mozilla/5.0 Chrome' } }) } }) as never;
for (let i = 0; i < 200; i++) await (await render(fakeC())).text();
const n = Number(process.argv[3] ?? 1000);
const t = performance.now();
let bytes = 0;
for (let i = 0; i < n; i++) bytes = (await (await render(fakeC())).text()).length;
console.log(path, 'ms/render', ((performance.now() - t) / n).toFixed(3), 'bytes', bytes);
await runtime.shutdown();
