/** Mounts the React Router app: each page request gets the services and public settings as load context. */
import type { Context } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { toPublicConfig } from '../config/env';
import type { Runtime } from './bootstrap';
import type { AppEnv } from './env';

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * React hoists React Router's <link rel="modulepreload"> tags into <head>, where they compete with the
 * page for bandwidth before the first paint on slow phones. The page is complete without JavaScript
 * (server-rendered, CSS inlined), so the hydration scripts load after it instead: the module script
 * at the end of <body> imports the same files.
 */
async function withoutModulePreloads(response: Response): Promise<Response> {
  if (!(response.headers.get('Content-Type') ?? '').startsWith('text/html')) return response;
  const html = (await response.text()).replace(MODULE_PRELOAD, '');
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

export function createPageRenderer(build: ServerBuild | (() => Promise<ServerBuild>), runtime: Runtime) {
  const handle = createRequestHandler(build, runtime.config.nodeEnv === 'development' ? 'development' : 'production');
  const publicConfig = toPublicConfig(runtime.config);
  return async (c: Context<AppEnv>) => withoutModulePreloads(await handle(c.req.raw, { services: runtime.services, config: publicConfig }));
}
