/** What a failed admin API call throws, and the helpers screens use to word it. */

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** An ApiError from a non-2xx answer's `{error:{code, message, details, fields}}` body (any part may be missing). */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  const message = error && typeof error.message === 'string' && error.message ? error.message : null;
  const code = error && typeof error.code === 'string' ? error.code : null;
  const details = error && Array.isArray(error.details) ? error.details.filter((d): d is string => typeof d === 'string') : [];
  const fields = error && isRecord(error.fields) ? Object.fromEntries(Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};
  return new ApiError(status, message, code, details, fields);
}
