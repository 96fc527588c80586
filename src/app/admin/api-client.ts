/**
 * Admin API client (spec sections 4 and 7): JSON over fetch with the bearer token from localStorage.
 * Errors carry the server's error.message / details. Any 401 removes the token and sends the browser
 * to /admin/login (unless the caller handles 401 itself, as login and start-up verification do).
 */
import { paths } from '../../common/paths';

export const TOKEN_STORAGE_KEY = 'token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage disabled: the session lasts for this page only
  }
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The server's error.message, or null when the response carried none (network error, HTML...). */
  readonly serverMessage: string | null;
  readonly details: string[];
  /** Validation errors by field path ('title', 'components.0.name'), when the server lists them. */
  readonly fields: Record<string, string>;

  constructor(status: number, serverMessage: string | null, code: string | null = null, details: string[] = [], fields: Record<string, string> = {}) {
    super(serverMessage ?? `Richiesta non riuscita (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.details = details;
    this.fields = fields;
  }
}

/** The server's message when there is one, otherwise the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export function errorDetails(error: unknown): string[] {
  return error instanceof ApiError ? error.details : [];
}

export function errorFields(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The auth provider registers how to sign out on a 401 (client-side navigation). Returns the unregister function. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

function handleUnauthorized(): void {
  clearToken();
  if (unauthorizedHandler) unauthorizedHandler();
  else if (typeof window !== 'undefined' && window.location.pathname !== paths.admin.login()) window.location.assign(paths.admin.login());
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-serialised, except FormData which is sent as multipart (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** false for calls whose 401 is an answer, not an expired session (login, start-up verification). */
  redirectOn401?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  const message = error && typeof error.message === 'string' && error.message ? error.message : null;
  const code = error && typeof error.code === 'string' ? error.code : null;
  const details = error && Array.isArray(error.details) ? error.details.filter((d): d is string => typeof d === 'string') : [];
  const fields = error && isRecord(error.fields) ? Object.fromEntries(Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};
  return new ApiError(status, message, code, details, fields);
}

/** Sends the request; 401 handling and error parsing for non-2xx answers. Resolves with the 2xx response. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, signal, redirectOn401 = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    const payload = body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body);
    response = await fetch(`/api${path}`, { method, headers, body: payload, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, 'NETWORK_ERROR');
  }
  if (response.ok) return response;

  const parsed = parseJson(await response.text().catch(() => ''));
  if (response.status === 401 && redirectOn401) handleUnauthorized();
  throw toApiError(response.status, parsed);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Calls `/api{path}`; resolves with the parsed JSON body, or throws an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return parseJson(await response.text()) as T;
}

/** Calls `/api{path}` for a binary answer (e.g. the PNG of the background removal). */
export async function apiBlobRequest(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options: CallOptions = {}) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: CallOptions = {}) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: CallOptions = {}) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: CallOptions = {}) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** Multipart upload of one file in the field `image` (POST /admin/upload, /admin/remove-background). */
  upload: <T>(path: string, image: Blob, filename = 'image.png', options: CallOptions = {}) => apiRequest<T>(path, { ...options, method: 'POST', body: imageForm(image, filename) }),
  uploadForBlob: (path: string, image: Blob, filename = 'image.png', options: CallOptions = {}) => apiBlobRequest(path, { ...options, method: 'POST', body: imageForm(image, filename) }),
};

function imageForm(image: Blob, filename: string): FormData {
  const form = new FormData();
  form.append('image', image, filename);
  return form;
}
