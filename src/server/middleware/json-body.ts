/** JSON request bodies: size limit, media type, syntax (U+0000 refused) and schema, each with its own Italian 4xx. */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { MAX_ROW_ID } from '../../common/bounds';
import { AppError } from '../../common/errors';
import { refuseNulInJson } from './nul-character';

const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** `except`: exact paths that enforce their own, larger limit (image uploads). */
export function jsonBodyLimit(options: { except?: readonly string[] } = {}): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Il corpo della richiesta è troppo grande (massimo 1 MB)');
    },
  });
  const except = new Set(options.except ?? []);
  return (c, next) => (except.has(c.req.path) ? next() : limit(c, next));
}

function describeIssue(issue: z.core.$ZodIssue): [string, string] {
  const path = issue.path.map(String).join('.');
  const componentIndex = issue.path[0] === 'components' && typeof issue.path[1] === 'number' ? issue.path[1] : null;
  const message = componentIndex === null ? issue.message : `Componente ${componentIndex + 1}: ${issue.message}`;
  return [path || '_', message];
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const described = result.error.issues.map(describeIssue);
  throw new AppError('VALIDATION_ERROR', described[0]![1], { fields: Object.fromEntries(described.reverse()) });
}

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Invia i dati in formato JSON (Content-Type: application/json)');
  }
  return parseWith(schema, parseJsonText(await c.req.text(), 'Il corpo della richiesta non è un JSON valido'));
}

/**
 * Every JSON body the server reads goes through here: 400 `invalidMessage` when it is not JSON, 400 when a
 * string in it holds U+0000 (which PostgreSQL cannot store, nul-character.ts).
 */
export function parseJsonText(text: string, invalidMessage: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('INVALID_JSON', invalidMessage);
  }
  refuseNulInJson(text, body);
  return body;
}

/**
 * Route parameter that must be a row id: a positive integer up to MAX_ROW_ID. Anything else ('abc', '1.5',
 * '-1', '1e3', 2^53 + 1) names no resource: 404, before the database sees it.
 */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || id <= 0 || id > MAX_ROW_ID) {
    throw new AppError('NOT_FOUND', 'Risorsa non trovata');
  }
  return id;
}
