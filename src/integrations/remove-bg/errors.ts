/** The one error the remove.bg client throws; `kind` says what went wrong, the message never holds the key. */

export type RemoveBgErrorKind = 'auth' | 'credits' | 'throttled' | 'bad_request' | 'server' | 'network' | 'timeout' | 'malformed';

export interface RemoveBgErrorDetails {
  /** HTTP status, absent when no response arrived. */
  status?: number;
  /** remove.bg's own error code (`auth_failed`, `insufficient_credits`, `unknown_foreground`, ...). */
  code?: string;
  cause?: unknown;
}

export class RemoveBgError extends Error {
  readonly kind: RemoveBgErrorKind;
  readonly status: number | null;
  readonly code?: string;

  constructor(kind: RemoveBgErrorKind, message: string, details: RemoveBgErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'RemoveBgError';
    this.kind = kind;
    this.status = details.status ?? null;
    if (details.code !== undefined) this.code = details.code;
  }
}

/** Recognised by shape as well as class (bundles may hold two copies of the class). */
export function isRemoveBgError(error: unknown, kind?: RemoveBgErrorKind): error is RemoveBgError {
  if (!(error instanceof Error) || error.name !== 'RemoveBgError') return false;
  return kind === undefined || (error as { kind?: unknown }).kind === kind;
}
