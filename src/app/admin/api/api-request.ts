/**
 * The one place the admin talks HTTP: bearer token, JSON or multipart bodies, error parsing, and every
 * 2xx answer checked against the zod schema of the server module that owns the endpoint, so a screen
 * only ever sees data of the shape it was written for.
 *
 * An expired or missing session (401) clears the token and throws React Router's redirect to
 * /admin/login: every call runs inside a clientLoader or clientAction, where the router follows it.
 */
import { redirect } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../common/paths';
import { ApiError, apiErrorFromBody } from './api-error';
import { clearToken, getToken } from './token-storage';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-serialised, except FormData, which is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  /** The loader's or action's request.signal: a navigation that moves on cancels the call. */
  signal?: AbortSignal;
  /**
   * 'redirect' (default): a 401 means the session ended, go to the login page.
   * 'error': a 401 is an answer (wrong password at login), thrown as an ApiError.
   */
  on401?: 'redirect' | 'error';
}

function loginRedirect(): Response {
  clearToken();
  return redirect(paths.admin.login());
}

/** Sends the request; resolves with the 2xx response or throws an ApiError (or the login redirect). */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, signal, on401 = 'redirect' } = options;
  const token = getToken();
  // Without a token every admin call would answer 401: skip the round trip.
  if (!token && on401 === 'redirect') throw loginRedirect();

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: isForm ? body : body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, null, 'NETWORK_ERROR');
  }
  if (response.ok) return response;

  const parsed = parseJson(await response.text().catch(() => ''));
  if (response.status === 401 && on401 === 'redirect') throw loginRedirect();
  throw apiErrorFromBody(response.status, parsed);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return undefined;
  }
}

/** Calls `/api{path}` and returns its JSON answer checked against `schema`. */
export async function requestJson<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
  const response = await send(path, options);
  const checked = schema.safeParse(parseJson(await response.text()));
  // No server message: the screen shows its own fallback text ('Errore nel caricamento...').
  if (!checked.success) throw new ApiError(response.status, null, 'INVALID_RESPONSE');
  return checked.data;
}

/** Calls `/api{path}` for a binary answer (the PNG of the background removal). */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

/** Multipart body with one file in the field `image` (upload and background removal). */
export function imageForm(image: Blob, filename: string): FormData {
  const form = new FormData();
  form.append('image', image, filename);
  return form;
}
