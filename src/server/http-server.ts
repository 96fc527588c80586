/** Serves a built app (React Router server build + client assets) with the API on one port. */
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from 'react-router';
import { createApp } from './app';
import type { Runtime } from './bootstrap';
import { createPageRenderer } from './pages';

export interface RunningServer {
  server: ServerType;
  url: string;
  close(): Promise<void>;
}

/** The address to print: a server bound to every interface is reached on localhost. */
export function listeningUrl(host: string, port: number): string {
  return `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
}

export function startHttpServer(runtime: Runtime, build: ServerBuild, clientDir: string): Promise<RunningServer> {
  const app = createApp({
    ...runtime,
    staticFiles: serveStatic({ root: clientDir, precompressed: true }),
    renderPage: createPageRenderer(build, runtime),
  });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: runtime.config.host, port: runtime.config.port }, (info: AddressInfo) => {
      resolve({
        server,
        url: listeningUrl(runtime.config.host, info.port),
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
