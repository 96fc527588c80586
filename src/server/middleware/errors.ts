/** Maps every failure to the contract's error shape. Unknown errors: 500 with a log id, never internal text. */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, type ErrorCode } from '../../common/errors';

/**
 * A fresh response: c.json() would inherit headers already set on c.res by earlier middleware
 * (a cached page's Content-Encoding, say), which must not leak into an error.
 */
function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers } });
}

export function errorBody(code: ErrorCode | 'INTERNAL_ERROR', message: string, extras: Record<string, unknown> = {}) {
  return { error: { message, code, ...extras } };
}

export function handleError(error: Error, c: Context): Response {
  if (error instanceof AppError) {
    const { retryAfterSeconds, ...extras } = error.extras;
    const headers: Record<string, string> = retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) };
    return jsonResponse(errorBody(error.code, error.message, extras), error.status, headers);
  }
  if (error instanceof HTTPException) {
    return jsonResponse(errorBody('BAD_REQUEST', 'Richiesta non valida'), error.status);
  }
  const logId = randomUUID();
  console.error(`[error] ${logId} ${c.req.method} ${c.req.path}:`, error);
  return jsonResponse(errorBody('INTERNAL_ERROR', 'Errore interno del server. Riprova più tardi.', { logId }), 500);
}

export function apiNotFound(c: Context): Response {
  return c.json(errorBody('NOT_FOUND', 'Risorsa API non trovata'), 404);
}
