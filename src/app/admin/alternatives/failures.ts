/**
 * Failures of the alternatives' loaders and actions, as the texts the author reads: the server's message
 * or the screen's Italian fallback (product spec, "Error catalogue"). What the router must handle itself passes through:
 * the login redirect of an expired session (a Response) and the abort of a superseded request.
 */
import { errorMessage } from '../api';

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: string };

interface AttemptOptions {
  /** The manager's failures are logged too (product spec, "Error catalogue": "only logged" there), as warnings. */
  log?: boolean;
  signal?: AbortSignal;
}

export async function attempt<T>(call: () => Promise<T>, fallback: string, { log = false, signal }: AttemptOptions = {}): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof Response || signal?.aborted) throw error;
    if (log) console.warn(`[alternative] ${fallback}`, error);
    return { ok: false, error: errorMessage(error, fallback) };
  }
}
