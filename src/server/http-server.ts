/** Serves a built app (React Router server build + client assets) with the API on one port. */
import { serveStatic } from '@hono/node-server/serve-static';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from 'react-router';
import { createApp, createPublicCache } from './app';
import type { Runtime } from './bootstrap';
import { createNodeServer } from './node-server';
import { createPageRenderer } from './pages';

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** The address to print: a server bound to every interface is reached on localhost. */
export function listeningUrl(host: string, port: number): string {
  return `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
}

export function startHttpServer(runtime: Runtime, build: ServerBuild, clientDir: string): Promise<RunningServer> {
  const pageCache = createPublicCache(runtime.config, runtime.services);
  const app = createApp({
    ...runtime,
    pageCache,
    staticFiles: serveStatic({ root: clientDir, precompressed: true }),
    renderPage: createPageRenderer(build, runtime),
  });
  // A cached public answer is written straight from Node's request: the app is for everything else.
  const server = createNodeServer(app.fetch, { hostname: runtime.config.host, answerFirst: pageCache.serveFromNode });
  return new Promise((resolve) => {
    server.listen(runtime.config.port, runtime.config.host, () => {
      resolve({
        server,
        url: listeningUrl(runtime.config.host, (server.address() as AddressInfo).port),
        close: () =>
          new Promise((done) =>
            server.close(() => {
              pageCache.stop();
              done();
            }),
          ),
      });
    });
  });
}
