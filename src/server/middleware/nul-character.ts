/**
 * U+0000 in request input. PostgreSQL's text types cannot hold it (a query carrying it fails, which would be
 * a 500), SQLite stores it, and no real input of this product contains it. So it is refused where input
 * enters, before any query, with the same answer on both databases:
 * - in a JSON body (any string, key or value, however deep): 400 naming the field (readJson, parseJsonText);
 * - in the decoded path: 404 (such a path names no page and no resource; the API answers in its error shape);
 * - in the decoded query string: 404 for a page, 400 for the API (a parameter that can never be valid).
 */
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../common/errors';

const NUL_IN_TEXT_MESSAGE = 'Il testo contiene un carattere non ammesso (U+0000)';
const NUL_IN_ADDRESS_MESSAGE = "L'indirizzo contiene un carattere non ammesso (U+0000)";

const NUL_IN_PAGE_ADDRESS_MESSAGE = "Pagina non trovata: l'indirizzo contiene un carattere non ammesso (U+0000)";

const NUL = '\u0000';

/** A value met in the walk, with how it was reached (its path is only spelled out for the one reported). */
interface Reached {
  value: unknown;
  key: string | null;
  parent: Reached | null;
}

/** Longest field path reported: a pathological nesting must not make the answer as large as the body. */
const MAX_PATH_LENGTH = 200;

function pathOf(reached: Reached | null): string {
  const keys: string[] = [];
  for (let node = reached; node !== null; node = node.parent) if (node.key !== null) keys.push(node.key);
  const path = keys.reverse().join('.');
  if (!path) return '_';
  return path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}…` : path;
}

/**
 * Where a parsed JSON value holds U+0000: the dotted path of the first string (or of the object whose key)
 * that contains it, '_' for the top level, or null when there is none. Walks with its own stack, not by
 * recursion: a 1 MB body of nested arrays must not exhaust the call stack (that would be a 500 too).
 */
function nulCharacterPath(value: unknown): string | null {
  const pending: Reached[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const reached = pending.pop()!;
    const current = reached.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(reached);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) pending.push({ value: current[index], key: String(index), parent: reached });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      if (entries.some(([key]) => key.includes(NUL))) return pathOf(reached);
      for (let index = entries.length - 1; index >= 0; index--) pending.push({ value: entries[index]![1], key: entries[index]![0], parent: reached });
    }
  }
  return null;
}

/**
 * Refuses a parsed JSON body that holds U+0000. JSON can only carry it as the escape `\u0000` (a raw NUL
 * is invalid JSON), so a text without that escape is not walked at all.
 */
export function refuseNulInJson(text: string, body: unknown): void {
  if (!text.includes('\\u0000')) return;
  const path = nulCharacterPath(body);
  if (path !== null) throw new AppError('VALIDATION_ERROR', NUL_IN_TEXT_MESSAGE, { fields: { [path]: NUL_IN_TEXT_MESSAGE } });
}

/**
 * Requests whose path or query decodes to U+0000. Both come percent-encoded (`%00`): a raw NUL byte never
 * gets past Node's parser, and `new URL()` encodes one given to app.request(). `%00` is the only spelling
 * that decodes to U+0000, so the raw URL is all that needs reading, at no cost for every other request.
 */
export function refuseNulInUrl(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    if (!url.includes('%00')) return next();
    if (!c.req.path.startsWith('/api')) return c.text(NUL_IN_PAGE_ADDRESS_MESSAGE, 404);
    const queryStart = url.indexOf('?');
    const inPath = (queryStart === -1 ? url : url.slice(0, queryStart)).includes('%00');
    throw new AppError(inPath ? 'NOT_FOUND' : 'BAD_REQUEST', NUL_IN_ADDRESS_MESSAGE);
  };
}
