/**
 * The Node HTTP server around the app's fetch handler (production, the browser-test harness and the
 * HTTP-level tests all use this one).
 *
 * A response sent before its request body has arrived (413 from a body limit, 401 on an upload without a
 * session, 415...) leaves the rest of that body on the wire. @hono/node-server then drains it for a short
 * while and destroys the socket, but the response said nothing about it: a keep-alive client sent its
 * next request on that connection and got "other side closed" / "socket hang up". So every such response
 * carries `Connection: close`, which also makes Node close the socket once the answer is written; the
 * client reads the answer and opens a new connection. One rule for every route, present and future.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';

type FetchHandler = Parameters<typeof getRequestListener>[0];

/** Whether the request declares a body (HTTP/1.1: a non-zero Content-Length or a Transfer-Encoding). */
function declaresBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
}

/**
 * Adds `Connection: close` to a response whose head is written while the request body is still arriving.
 * `req.complete` alone is not enough: a request without a body is answered before Node marks it complete.
 * A body that has fully arrived but was never read is fine: Node discards it and keeps the connection.
 */
export function closeConnectionIfBodyUnread(listener: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>): RequestListener {
  return (req, res) => {
    const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => ServerResponse;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!req.complete && declaresBody(req) && !this.headersSent) this.setHeader('Connection', 'close');
      return writeHead(...args);
    };
    // @hono/node-server's listener answers its own failures (500): its promise never rejects.
    void listener(req, res);
  };
}

export interface NodeServerOptions {
  hostname?: string;
  /** Answers a request before the app when it can (a page cache hit); returns whether it did. */
  answerFirst?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export function createNodeServer(fetch: FetchHandler, { hostname, answerFirst }: NodeServerOptions = {}): Server {
  const listener = closeConnectionIfBodyUnread(getRequestListener(fetch, { hostname }));
  return createServer(answerFirst ? (req, res) => void (answerFirst(req, res) || listener(req, res)) : listener);
}
