/** The one error the remove.bg client throws; `kind` says what went wrong, the message never holds the key. */
import { ClientError, isClientError } from '../client-error';

export type RemoveBgErrorKind = 'auth' | 'credits' | 'throttled' | 'bad_request' | 'server' | 'network' | 'timeout' | 'malformed';

export interface RemoveBgErrorDetails {
  /** HTTP status, absent when no response arrived. */
  status?: number;
  /** remove.bg's own error code (`auth_failed`, `insufficient_credits`, `unknown_foreground`, ...). */
  code?: string;
  cause?: unknown;
}

export class RemoveBgError extends ClientError<RemoveBgErrorKind> {
  readonly code?: string;

  constructor(kind: RemoveBgErrorKind, message: string, details: RemoveBgErrorDetails = {}) {
    super('RemoveBgError', kind, message, details);
    if (details.code !== undefined) this.code = details.code;
  }
}

export function isRemoveBgError(error: unknown, kind?: RemoveBgErrorKind): error is RemoveBgError {
  return isClientError(error, 'RemoveBgError', kind);
}
