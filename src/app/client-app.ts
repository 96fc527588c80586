/**
 * Which pages are a client app (the admin: routes whose module exports `handle = { admin: true }`) and
 * which are documents (every public page, decision 017). Only a client app gets React Router's scripts
 * and hydrates; a document is rendered to a string with no framework script at all.
 */
export function isClientAppHandle(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { admin?: unknown }).admin === true;
}
