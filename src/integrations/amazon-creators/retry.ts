/** When to retry a failed call and how long to wait first (amazon-creators-api.md, "Limits, eligibility, retries"). */
import type { CreatorsApiError } from './creators-api-error';

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `retryAfterSeconds` longer than this is not waited out: the error goes to the caller (e.g. the daily quota is spent). */
  maxRetryAfterSeconds: number;
  random: () => number;
}

/** Throttling, server errors and transport failures may pass; 400/401/403 and malformed payloads will not. */
export function isRetryable(error: CreatorsApiError): boolean {
  return error.kind === 'throttled' || error.kind === 'server' || error.kind === 'network' || error.kind === 'timeout';
}

/**
 * Exponential backoff with full jitter: a random wait in [0, min(max, base * 2^retry)), so clients
 * that failed together do not come back together. Amazon's `retryAfterSeconds` replaces it.
 * Returns null when the wait asked for is too long to be worth holding the caller.
 */
export function retryDelayMs(error: CreatorsApiError, retryIndex: number, policy: RetryPolicy): number | null {
  if (error.retryAfterSeconds !== undefined) {
    return error.retryAfterSeconds > policy.maxRetryAfterSeconds ? null : error.retryAfterSeconds * 1000;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(policy.random() * ceiling);
}
