/**
 * Mounts the React Router app: each page request gets the services, the public settings and a fresh
 * script nonce as load context.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { toPublicConfig } from '../config/env';
import type { Runtime } from './bootstrap';
import { clientIp } from './client-ip';
import type { AppEnv } from './hono-env';

/**
 * React Router's answer goes out as it is. Public pages carry no framework script, hence no modulepreload
 * link either; the admin, a client app, keeps React Router's preloads in <head> (decision 017, which
 * replaces 015's stripping of those links).
 */
export function createPageRenderer(build: ServerBuild | (() => Promise<ServerBuild>), runtime: Pick<Runtime, 'config' | 'services'>) {
  const handle = createRequestHandler(withOurOrigin(build, runtime.config.publicBaseUrl), runtime.config.nodeEnv === 'development' ? 'development' : 'production');
  const publicConfig = toPublicConfig(runtime.config);
  const { trustProxyHops } = runtime.config;
  return (c: Context<AppEnv>) =>
    handle(asGetWhenHead(c.req.raw), { services: runtime.services, config: publicConfig, scriptNonce: newScriptNonce(), clientIp: clientIp(c, trustProxyHops) });
}

/**
 * A HEAD is rendered as the GET it stands for; Hono drops the body on the way out. React Router would answer
 * HEAD without a body, and the page cache needs the body to tag it (the same ETag as the GET's) and keep it.
 */
function asGetWhenHead(request: Request): Request {
  return request.method === 'HEAD' ? new Request(request, { method: 'GET' }) : request;
}

/**
 * Cross-site posts are refused before React Router by middleware/cross-site-posts.ts (decision 036).
 * React Router's own check compares `Origin` with the URL Node built (always http://, from the Host
 * header): behind a TLS proxy our own pages' posts (`Origin: https://…`) would fail it. PUBLIC_BASE_URL's
 * host is allowed, so it never refuses what ours let through.
 */
function withOurOrigin(build: ServerBuild | (() => Promise<ServerBuild>), publicBaseUrl: string): ServerBuild | (() => Promise<ServerBuild>) {
  const host = new URL(publicBaseUrl).host;
  const allow = (b: ServerBuild): ServerBuild => ({ ...b, allowedActionOrigins: [...(Array.isArray(b.allowedActionOrigins) ? b.allowedActionOrigins : []), host] });
  return typeof build === 'function' ? async () => allow(await build()) : allow(build);
}

/**
 * 128 random bits, base64, new for every answer: the admin's inline scripts carry it and its CSP allows
 * only it (decision 026). Public documents do not use it (they are cached; their CSP lists hashes).
 */
function newScriptNonce(): string {
  return randomBytes(16).toString('base64');
}
