/**
 * Zod compiles object schemas with `new Function` where the page allows it, and finds out with a probe,
 * `new Function('')`, whose refusal it catches. The admin's CSP allows no eval (decision 026), so the probe
 * would be refused and reported as a CSP violation on every admin screen. `jitless` skips the probe and
 * the compiled parsers, in the browser only: the server has no CSP and keeps Zod's faster path.
 * Imported by root.tsx, the first route module the browser evaluates, before any schema parses.
 */
import { z } from 'zod';

if (!import.meta.env.SSR) z.config({ jitless: true });
