/** Maps every failure to the contract's error shape. Unknown errors: 500 with a log id, never internal text. */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError, type ErrorCode } from '../../common/errors';

export function errorBody(code: ErrorCode | 'INTERNAL_ERROR', message: string, extras: Record<string, unknown> = {}) {
  return { error: { message, code, ...extras } };
}

export function handleError(error: Error, c: Context): Response {
  if (error instanceof AppError) {
    const { retryAfterSeconds, ...extras } = error.extras;
    if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
    return c.json(errorBody(error.code, error.message, extras), error.status);
  }
  if (error instanceof HTTPException) {
    return c.json(errorBody('BAD_REQUEST', 'Richiesta non valida'), error.status as ContentfulStatusCode);
  }
  const logId = randomUUID();
  console.error(`[error] ${logId} ${c.req.method} ${c.req.path}:`, error);
  return c.json(errorBody('INTERNAL_ERROR', 'Errore interno del server. Riprova più tardi.', { logId }), 500);
}

export function apiNotFound(c: Context): Response {
  return c.json(errorBody('NOT_FOUND', 'Risorsa API non trovata'), 404);
}
