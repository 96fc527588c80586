/** One error class with typed codes; the server maps it to HTTP in one place (server/middleware/error-answers.ts). */

const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  INVALID_CURRENT_PASSWORD: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  UPSTREAM_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorExtras {
  details?: string[];
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly extras: AppErrorExtras;

  constructor(code: ErrorCode, message: string, extras: AppErrorExtras = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.extras = extras;
  }

  get status(): (typeof ERROR_STATUS)[ErrorCode] {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);

/**
 * `instanceof` is not enough: the server bundle and the React Router bundle each hold their own copy of
 * this class, so an error thrown by a service and caught in a page loader is recognised by its shape.
 */
export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  if (!(error instanceof Error) || error.name !== 'AppError') return false;
  const errorCode = (error as { code?: unknown }).code;
  return typeof errorCode === 'string' && errorCode in ERROR_STATUS && (code === undefined || errorCode === code);
}
