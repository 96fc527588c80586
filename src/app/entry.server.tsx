/**
 * How React renders a page on the server.
 *
 * - A public page is a document (decision 017): nothing hydrates it, so nothing needs React Router's
 *   data stream or a streamed render. It is rendered to one string, without the handoff stream: the
 *   cheapest way React has, and the answer's body is then a string Node writes at once (a stream costs
 *   a reader, a PassThrough and a write per chunk).
 * - The admin is a client app: React Router's default streaming render (bots wait for all content).
 *
 * Each kind gets its Content-Security-Policy here, where the render is decided (decision 026): a public
 * document the hashes of its fixed inline scripts; the admin the answer's nonce, on every inline script
 * React, React Router and root.tsx write, and `Cache-Control: no-store` (a stored copy would replay its
 * nonce).
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, isRouteErrorResponse, ServerRouter } from 'react-router';
import { describeErrorForLog } from '../common/log-text';
import { isClientAppHandle } from './client-app';
import { clientAppCsp, DOCUMENT_CSP } from './content-security-policy.server';
import { ScriptNonceContext } from './script-nonce';

export const streamTimeout = 5_000;

/**
 * React Router's error log (a loader or an action that threw) with the error escaped: its message may
 * quote the request (common/log-text.ts). Only our own failures are logged, with their trace. A request
 * the visitor caused to fail is not: the router's own refusals (a POST to a page without an action: 405;
 * no route: 404; a malformed data request: 400) come as error responses under 500 holding an internal
 * Error with a stack, which a visitor could otherwise have written to the log by the kilobyte; the
 * request log's line (method, path, status) says all there is to say. A request the visitor abandoned is
 * not an error either.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRefusal(error) || isCrossOriginRefusal(request)) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(describeErrorForLog(inner ?? (isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error)));
};

/**
 * React Router's own cross-site check: a POST (or other mutation) whose Origin is not the request's own
 * is answered 400 before any action runs, and handed here as a plain Error (no status to tell it by).
 * The same condition, read from the request: no action ran, so nothing of ours can have failed.
 */
function isCrossOriginRefusal(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  if (origin === 'null') return true; // an opaque origin (a sandboxed frame): never the request's own
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true; // an Origin that is not a URL: refused by the router the same way
  }
}

/** A 4xx: the router's error response, or one of our errors that carries a client status (AppError). */
function isRefusal(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status < 500;
  const status = (error as { status?: unknown } | null)?.status;
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 500;
}

const UTF8 = new TextEncoder();

function isClientApp(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some((match) => isClientAppHandle(context.routeModules[match.route.id]?.handle));
}

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext,
): Response | Promise<Response> {
  const clientApp = isClientApp(context);
  if (clientApp) {
    headers.set('Content-Security-Policy', clientAppCsp(loadContext.scriptNonce));
    headers.set('Cache-Control', 'no-store');
  } else {
    headers.set('Content-Security-Policy', DOCUMENT_CSP);
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  if (!clientApp) return renderDocument(request, status, headers, context);
  return renderClientApp(request, status, headers, context, loadContext.scriptNonce);
}

function renderDocument(request: Request, status: number, headers: Headers, context: EntryContext): Response {
  const html = renderToString(<ServerRouter context={{ ...context, serverHandoffStream: undefined }} url={request.url} />);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  // Bytes, not the string: a string body is scanned for lone surrogates by the Response and encoded again
  // when written; UTF-8 encoding it once here does both.
  return new Response(UTF8.encode(`<!DOCTYPE html>${html}`), { status, headers });
}

/** React Router's default Node entry (@react-router/dev's entry.server.node.tsx), unchanged in substance. */
function renderClientApp(request: Request, status: number, headers: Headers, context: EntryContext, nonce: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || context.isSpaMode ? 'onAllReady' : 'onShellReady';
    // Aborted after streamTimeout, with time left to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The nonce goes to React Router (its hydration data, <Scripts>, <ScrollRestoration>, <Links>), to
    // root.tsx's own inline script (the context), and to React (its streaming scripts).
    const app = (
      <ScriptNonceContext.Provider value={nonce}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </ScriptNonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      },
      onShellError(error: unknown) {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error: unknown) {
        status = 500;
        // Errors of the shell itself are logged by React Router's handler; later ones only here.
        if (shellRendered) console.error(describeErrorForLog(error));
      },
    });
  });
}
