/**
 * OAuth 2.0 client-credentials tokens for the Creators API (amazon-creators-api.md, "Authentication").
 * Credential versions 2.x use Cognito (form body, scope `creatorsapi/default`); 3.x use Login with
 * Amazon (JSON body, scope `creatorsapi::default`). Tokens last an hour: one is cached per provider,
 * refreshed shortly before it ends, and a refresh in flight is shared by every caller.
 */
import { z } from 'zod';
import type { AmazonConfig } from '../../config/env';
import { CreatorsApiError, errorFromResponse } from './creators-api-error';
import { fetchText, parseJsonBody } from './creators-http';

export type CredentialVersion = AmazonConfig['credentialVersion'];

const TOKEN_ENDPOINTS: Record<CredentialVersion, string> = {
  '2.1': 'https://creatorsapi.auth.us-east-1.amazoncognito.com/oauth2/token',
  '2.2': 'https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token',
  '2.3': 'https://creatorsapi.auth.us-west-2.amazoncognito.com/oauth2/token',
  '3.1': 'https://api.amazon.com/auth/o2/token',
  '3.2': 'https://api.amazon.co.uk/auth/o2/token',
  '3.3': 'https://api.amazon.co.jp/auth/o2/token',
};

/** Refresh this long before `expires_in` ends (the SDKs use 30 s; a minute leaves room for a slow queue). */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export function isCognitoVersion(version: CredentialVersion): boolean {
  return version.startsWith('2.');
}

export function tokenEndpointFor(version: CredentialVersion): string {
  return TOKEN_ENDPOINTS[version];
}

/** The Authorization header of API calls: v2.x names its version, v3.x does not. */
export function authorizationHeader(version: CredentialVersion, token: string): string {
  return isCognitoVersion(version) ? `Bearer ${token}, Version ${version}` : `Bearer ${token}`;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().nullish(),
  // Both IdPs send a number; a numeric string is tolerated, a missing value means the documented hour.
  expires_in: z.coerce.number().positive().nullish(),
});

export interface TokenProvider {
  /** A valid access token, from the cache or from one shared refresh. */
  getToken(): Promise<string>;
  /**
   * Forgets `token` after the API rejected it (401). A token that is no longer the cached one is
   * ignored, so callers that were rejected together trigger one refresh, not one each.
   */
  invalidate(token: string): void;
}

export interface TokenProviderOptions {
  fetch?: typeof fetch;
  /** Epoch milliseconds; injectable so expiry can be tested without waiting an hour. */
  now?: () => number;
  timeoutMs?: number;
}

function tokenRequest(config: AmazonConfig): RequestInit {
  const credentials = { grant_type: 'client_credentials', client_id: config.credentialId, client_secret: config.credentialSecret };
  if (isCognitoVersion(config.credentialVersion)) {
    return {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ ...credentials, scope: 'creatorsapi/default' }).toString(),
    };
  }
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...credentials, scope: 'creatorsapi::default' }),
  };
}

export function createTokenProvider(config: AmazonConfig, options: TokenProviderOptions = {}): TokenProvider {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const url = config.tokenUrl ?? tokenEndpointFor(config.credentialVersion);

  let cached: { token: string; refreshAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const requestedAt = now();
    const response = await fetchText(fetchFn, url, tokenRequest(config), timeoutMs, 'token');
    if (response.status < 200 || response.status >= 300) throw errorFromResponse('token', response.status, response.text, response.headers);
    const parsed = tokenResponseSchema.safeParse(parseJsonBody(response, 'token'));
    if (!parsed.success) {
      throw new CreatorsApiError('malformed', 'Amazon Creators API: risposta del token non valida (manca access_token)', {
        endpoint: 'token',
        status: response.status,
        cause: parsed.error,
      });
    }
    const lifetimeMs = (parsed.data.expires_in ?? 3600) * 1000;
    // Short-lived tokens (tests, odd IdPs) keep at least half their life instead of expiring on arrival.
    const margin = Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 2);
    cached = { token: parsed.data.access_token, refreshAt: requestedAt + lifetimeMs - margin };
    return parsed.data.access_token;
  }

  return {
    getToken() {
      if (cached && now() < cached.refreshAt) return Promise.resolve(cached.token);
      inFlight ??= fetchToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = null;
    },
  };
}
