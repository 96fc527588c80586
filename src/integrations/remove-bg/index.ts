/** Background removal (remove.bg): the only code that talks to that service. */
export { createRemoveBgClient, isPng, MAX_RESULT_BYTES, REMOVE_BG_TIMEOUT_MS } from './remove-bg-client';
export type { RemoveBgClient, RemoveBgClientOptions, RemoveBgInput } from './remove-bg-client';
export { isRemoveBgError, RemoveBgError } from './remove-bg-error';
export type { RemoveBgErrorKind } from './remove-bg-error';
