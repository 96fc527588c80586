/**
 * Maps every failure to the contract's error shape. An unavailable database (timeout, lost connection):
 * 503 with Retry-After. Unknown errors: 500 with a log id, never internal text.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, type ErrorCode } from '../../common/errors';
import { describeErrorForLog, errorMessageForLog, logField } from '../../common/log-text';
import { databaseFailureReason, isDatabaseUnavailable } from '../../db/driver-errors';

/** Seconds a client is asked to wait after a 503 for an unavailable database. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

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
  if (isDatabaseUnavailable(error)) {
    // A timeout or a lost connection, not a bug: the same request may well succeed in a moment.
    console.error(`[db] ${logField(c.req.method)} ${logField(c.req.path)}: database non disponibile: ${errorMessageForLog(databaseFailureReason(error))}`);
    return jsonResponse(
      errorBody('SERVICE_UNAVAILABLE', 'Il database non risponde in questo momento. Riprova tra qualche secondo.'),
      503,
      { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
  const logId = randomUUID();
  // The path and the error come from the request (a database error quotes the value it refused): escaped.
  console.error(`[error] ${logId} ${logField(c.req.method)} ${logField(c.req.path)}: ${describeErrorForLog(error)}`);
  return jsonResponse(errorBody('INTERNAL_ERROR', 'Errore interno del server. Riprova più tardi.', { logId }), 500);
}

export function apiNotFound(c: Context): Response {
  return c.json(errorBody('NOT_FOUND', 'Risorsa API non trovata'), 404);
}
