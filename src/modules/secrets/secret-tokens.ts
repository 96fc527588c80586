/**
 * Opaque bearer tokens (an admin's session, an alert's confirm and unsubscribe links): 256 random bits,
 * base64url (43 characters), given to their holder once and stored only as their SHA-256, so a leaked
 * table signs nobody in and confirms or ends nothing.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether `value` could be a token; anything else names nothing (and is never hashed or queried). */
export function isSecretToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** What is stored of a token: its SHA-256, hex. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
