/**
 * Every inline script the pages carry, in one place: root.tsx inlines these strings, and the public
 * documents' Content-Security-Policy allows exactly their SHA-256, computed from the same strings when the
 * server starts (content-security-policy.server.ts, decision 026), so an edit cannot leave a stale hash.
 * JSON-LD (`<script type="application/ld+json">`) is data the browser never runs: no hash needed.
 */
import { ADMIN_THEME_INIT_SCRIPT } from './admin/theme-script';
import { THEME_INIT_SCRIPT } from './components/theme-init-script';
// The public pages' only script, bundled on its own into a string (scripts/vite-inline-script.ts).
import pageScript from './page-script/page-script?inline-script';

/** Public documents, in <head>: the theme before the first paint (decision 017). */
export const DOCUMENT_HEAD_SCRIPT = THEME_INIT_SCRIPT;
/** Public documents, last in <body>. Only the server renders them; the client bundle (the admin's) leaves it out. */
export const DOCUMENT_BODY_SCRIPT = import.meta.env.SSR ? pageScript : '';
/** The public documents' inline scripts, whose hashes their CSP lists. */
export const DOCUMENT_SCRIPTS: readonly string[] = [DOCUMENT_HEAD_SCRIPT, DOCUMENT_BODY_SCRIPT];

/** The admin's <head> script (its theme). The admin's inline scripts run by the answer's nonce, not by hash. */
export const CLIENT_APP_HEAD_SCRIPT = ADMIN_THEME_INIT_SCRIPT;
