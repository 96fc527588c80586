/** One HTTP exchange with a timeout; transport failures become `network`/`timeout` CreatorsApiErrors. */
import { CreatorsApiError, type CreatorsEndpoint } from './creators-api-error';

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * The timeout covers the whole exchange, body included: a server that sends headers and then stalls
 * is as stuck as one that never answers.
 */
export async function fetchText(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  endpoint: CreatorsEndpoint,
): Promise<RawResponse> {
  try {
    const response = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (isTimeout(error)) {
      throw new CreatorsApiError('timeout', `Amazon Creators API: nessuna risposta entro ${timeoutMs / 1000} s (${url})`, { endpoint, cause: error });
    }
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new CreatorsApiError('network', `Amazon Creators API non raggiungibile (${url}): ${cause}`, { endpoint, cause: error });
  }
}

/** JSON from a 2xx answer; anything else is `malformed` (never retried: the same request gets the same answer). */
export function parseJsonBody(response: RawResponse, endpoint: CreatorsEndpoint): unknown {
  try {
    return JSON.parse(response.text);
  } catch (error) {
    throw new CreatorsApiError('malformed', `Amazon Creators API: risposta non in formato JSON (${response.text.slice(0, 60)})`, {
      endpoint,
      status: response.status,
      cause: error,
    });
  }
}
