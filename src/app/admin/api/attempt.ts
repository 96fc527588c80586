/** API calls inside loaders and actions whose failure the screen words itself instead of throwing. */
import { ApiError } from './api-error';

export type Attempt<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/**
 * The call's data, or the ApiError it failed with, for the screen to word (errorMessage(error, fallback)).
 * Not caught: the login redirect of a 401 (a Response the router follows), the abort of a navigation that
 * moved on (the router drops its result), and anything that is not an ApiError (a bug: the error boundary).
 */
export async function attempt<T>(call: Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
}
