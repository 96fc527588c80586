/**
 * What the errors of our HTTP API clients share: `kind` is what callers branch on, `status` the HTTP
 * status (null when no response arrived: network, timeout), `cause` the underlying error if any.
 */
export interface ClientErrorDetails {
  status?: number | null;
  cause?: unknown;
}

export class ClientError<Kind extends string> extends Error {
  readonly kind: Kind;
  readonly status: number | null;

  constructor(name: string, kind: Kind, message: string, details: ClientErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = name;
    this.kind = kind;
    this.status = details.status ?? null;
  }
}

/** Recognised by name as well as class, like `isAppError` (bundles may hold two copies of the class). */
export function isClientError(error: unknown, name: string, kind?: string): boolean {
  if (!(error instanceof Error) || error.name !== name) return false;
  return kind === undefined || (error as { kind?: unknown }).kind === kind;
}
