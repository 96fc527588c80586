/**
 * The secrets of an alert's links: 256 random bits, base64url (43 characters). The database keeps only
 * their SHA-256, so a leaked table confirms or ends nothing. The links live on PUBLIC_BASE_URL.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newAlertToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A route parameter that could be a token; anything else names no alert (and is never hashed or queried). */
export function isAlertToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export function hashAlertToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const alertPaths = {
  confirm: (token: string) => `/avvisi/conferma/${token}`,
  unsubscribe: (token: string) => `/avvisi/annulla/${token}`,
  /** The page a no-JavaScript subscribe form lands on. */
  sent: () => '/avvisi/inviato',
};

export function confirmUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}${alertPaths.confirm(token)}`;
}

export function unsubscribeUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}${alertPaths.unsubscribe(token)}`;
}

/**
 * RFC 8058 one-click unsubscribe (required by Gmail and Yahoo for bulk senders): the mail client POSTs
 * `List-Unsubscribe=One-Click` to the URL, which ends the alert without a login or a page.
 */
export function listUnsubscribeHeaders(publicBaseUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(publicBaseUrl, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
