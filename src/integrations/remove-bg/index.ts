/** Background removal (remove.bg): the only code that talks to that service. */
export { createRemoveBgClient, isPng, MAX_RESULT_BYTES, REMOVE_BG_TIMEOUT_MS } from './client';
export type { RemoveBgClient, RemoveBgClientOptions, RemoveBgInput } from './client';
export { isRemoveBgError, RemoveBgError } from './errors';
export type { RemoveBgErrorKind } from './errors';
