/**
 * The one error the Creators client throws. `kind` is what callers branch on (retry later, fix the
 * configuration, show no prices); `type`/`reason` keep Amazon's own words for the logs.
 */
import { ClientError, isClientError } from '../client-error';

export type CreatorsApiErrorKind =
  | 'throttled'
  | 'auth'
  | 'forbidden'
  | 'bad_request'
  | 'server'
  | 'network'
  | 'timeout'
  | 'malformed';

/** Which host answered: the OAuth token endpoint or the catalogue API. */
export type CreatorsEndpoint = 'token' | 'api';

export interface CreatorsApiErrorDetails {
  status?: number | null;
  endpoint?: CreatorsEndpoint;
  /** Amazon's error type (`ThrottleException`, `AccessDeniedException`, OAuth `invalid_client`, ...). */
  type?: string;
  /** Amazon's sub-reason (`TokenExpired`, `AssociateNotEligible`, `FieldValidationFailed`, ...). */
  reason?: string;
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class CreatorsApiError extends ClientError<CreatorsApiErrorKind> {
  readonly endpoint: CreatorsEndpoint;
  readonly type?: string;
  readonly reason?: string;
  readonly retryAfterSeconds?: number;

  constructor(kind: CreatorsApiErrorKind, message: string, details: CreatorsApiErrorDetails = {}) {
    super('CreatorsApiError', kind, message, details);
    this.endpoint = details.endpoint ?? 'api';
    if (details.type !== undefined) this.type = details.type;
    if (details.reason !== undefined) this.reason = details.reason;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export function isCreatorsApiError(error: unknown, kind?: CreatorsApiErrorKind): error is CreatorsApiError {
  return isClientError(error, 'CreatorsApiError', kind);
}

/** The fields of an error body we use; every one optional because gateways answer with HTML or nothing. */
export interface ErrorBody {
  type?: string;
  message?: string;
  reason?: string;
  retryAfterSeconds?: number;
}

/**
 * Reads `{type|__type, message, reason, retryAfterSeconds}` (and the OAuth `{error, error_description}`
 * of the token endpoints) without trusting the body to be JSON at all.
 */
export function readErrorBody(text: string): ErrorBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const body = value as Record<string, unknown>;
  const text_ = (key: string) => (typeof body[key] === 'string' && body[key] !== '' ? body[key] : undefined);
  // `__type` may carry a namespace: "com.amazon.creators#ThrottleException".
  const type = (text_('type') ?? text_('__type') ?? text_('error') ?? text_('code'))?.split('#').pop();
  const message = text_('message') ?? text_('Message') ?? text_('error_description');
  const retryAfter = Number(body.retryAfterSeconds);
  const result: ErrorBody = {};
  if (type) result.type = type;
  if (message) result.message = message;
  if (text_('reason')) result.reason = text_('reason');
  if (body.retryAfterSeconds !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0) result.retryAfterSeconds = retryAfter;
  return result;
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfterHeader(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

function kindForStatus(endpoint: CreatorsEndpoint, status: number): CreatorsApiErrorKind {
  if (status === 429) return 'throttled';
  if (status >= 500) return 'server';
  // Cognito answers bad credentials with 400 invalid_client, Login with Amazon with 401.
  if (endpoint === 'token') return 'auth';
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  return 'bad_request';
}

function describe(kind: CreatorsApiErrorKind, endpoint: CreatorsEndpoint, label: string, body: ErrorBody): string {
  const detail = body.message ? `: ${body.message}` : '';
  switch (kind) {
    case 'throttled':
      return `Amazon Creators API: troppe richieste (${label})${body.retryAfterSeconds !== undefined ? `, riprova tra ${body.retryAfterSeconds} s` : ''}`;
    case 'auth':
      return endpoint === 'token'
        ? `Amazon Creators API: credenziali rifiutate (${label}${detail}). Controlla AMAZON_CREDENTIAL_ID, AMAZON_CREDENTIAL_SECRET e AMAZON_CREDENTIAL_VERSION`
        : `Amazon Creators API: token non accettato (${label}${detail}). Controlla AMAZON_CREDENTIAL_VERSION`;
    case 'forbidden':
      return body.reason === 'AssociateNotEligible'
        ? `Amazon Creators API: account non abilitato (${label}). Servono almeno 10 vendite qualificate negli ultimi 30 giorni`
        : `Amazon Creators API: accesso negato (${label}${detail})`;
    case 'server':
      return `Amazon Creators API: errore del server Amazon (${label}${detail})`;
    default:
      return `Amazon Creators API: richiesta rifiutata (${label}${detail})`;
  }
}

/** Builds the error for a non-2xx answer; `retryAfterSeconds` from the body wins over the header. */
export function errorFromResponse(endpoint: CreatorsEndpoint, status: number, text: string, headers: Headers, nowMs = Date.now()): CreatorsApiError {
  const body = readErrorBody(text);
  const retryAfterSeconds = body.retryAfterSeconds ?? parseRetryAfterHeader(headers.get('retry-after'), nowMs);
  const kind = kindForStatus(endpoint, status);
  const label = [status, body.type, body.reason].filter(Boolean).join(' ');
  return new CreatorsApiError(kind, describe(kind, endpoint, label, { ...body, ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) }), {
    status,
    endpoint,
    ...(body.type !== undefined && { type: body.type }),
    ...(body.reason !== undefined && { reason: body.reason }),
    ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
  });
}
