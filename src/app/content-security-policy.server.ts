/**
 * The Content-Security-Policy each rendered page gets (decision 026); server only (node:crypto).
 * - Public documents are cached and shared (decisions 017, 018), so a nonce cannot be used: their policy
 *   lists the SHA-256 of their fixed inline scripts, computed once when the server build loads, from the
 *   strings root.tsx inlines.
 * - The admin is never cached: a nonce fresh for each answer (pages.ts makes it).
 */
import { createHash } from 'node:crypto';
import { nonceSource, pageContentSecurityPolicy } from '../common/content-security-policy';
import { DOCUMENT_SCRIPTS } from './inline-scripts';

/** The CSP source allowing an inline script whose text is exactly `script` (hashed as UTF-8, as browsers do). */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

export const DOCUMENT_CSP = pageContentSecurityPolicy(DOCUMENT_SCRIPTS.map(scriptHashSource));

export function clientAppCsp(nonce: string): string {
  return pageContentSecurityPolicy([nonceSource(nonce)]);
}

