/**
 * The cookie that lets the admin's plain forms work without JavaScript (decision 047). The admin app keeps
 * its session token in localStorage and sends it as a bearer header; a browser without JavaScript can do
 * neither, so the server-rendered form pages sign in through this cookie instead. It holds a session token
 * like any other (the same table, the same expiry, revoked by "Esci" and by "Esci da tutti i dispositivi"),
 * and it is sent only under the page that reads it: its Path is that page's folder, it is HttpOnly (no script reads
 * it) and SameSite=Strict (no other site's page makes the browser send it); cross-site posts are refused
 * before the page anyway (server/middleware/cross-site-posts.ts).
 */

export const FORM_SESSION_COOKIE = 'buildpc_form_session';

/** A session token is 43 base64url characters (modules/secrets); anything else in the cookie is not one. */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** The session token the request's cookie carries, or null. */
export function formSessionToken(request: Request): string | null {
  const header = request.headers.get('Cookie') ?? '';
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== FORM_SESSION_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return TOKEN.test(value) ? value : null;
  }
  return null;
}

interface CookieScope {
  /** Where the cookie is sent: the folder of the one page that reads it. */
  path: string;
  /** The site is served over https (PUBLIC_BASE_URL): the cookie then never travels in clear. */
  secure: boolean;
}

function attributes({ path, secure }: CookieScope): string {
  return `Path=${path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * Set-Cookie for a new session. No Max-Age: it ends with the browser session, and the server's own expiry
 * refuses it earlier when the session does.
 */
export function formSessionCookie(token: string, scope: CookieScope): string {
  return `${FORM_SESSION_COOKIE}=${token}; ${attributes(scope)}`;
}

/** Set-Cookie that removes it (signing out, or a token the server no longer accepts). */
export function clearedFormSessionCookie(scope: CookieScope): string {
  return `${FORM_SESSION_COOKIE}=; Max-Age=0; ${attributes(scope)}`;
}
