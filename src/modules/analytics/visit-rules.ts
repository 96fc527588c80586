/**
 * What is a visit of a build page (decision 025): somebody's browser opening the page as a document. The
 * answer must be the page itself (GET, 200), asked by a browser (not a bot, a link-preview crawler or a
 * tool without a User-Agent), for reading now (not a prefetch or prerender) and as a navigation.
 *
 * Fetch Metadata tells a navigation from a subresource load: every current browser sends
 * `Sec-Fetch-Dest`, and only a page opened in a tab or window is `document`. Another site's
 * `<img src="…/build/x">`, `<iframe>`, `fetch()` or `<link rel=prefetch>` makes its visitors' browsers
 * send `image`, `iframe`, `empty`… with `Sec-Fetch-Site: cross-site`, and must not count. A request
 * without any Fetch Metadata comes from an older browser: counted, as before. A navigation from another
 * site (a search result, a shared link) is a document too, and counts.
 */
import { isbot } from 'isbot';
import { buildPageSlug } from '../../common/paths';

/** A public answer as the server gave it, with the request's headers and its client's address. */
export interface AnsweredRequest {
  method: string;
  path: string;
  /** The request's raw query, without '?' ('' or absent: none): a personalised page's choices (decision 030). */
  query?: string;
  status: number;
  /** The client address (trusted proxy hops already applied). */
  clientAddress: string;
  header(name: string): string | undefined;
}

const FETCH_METADATA = ['Sec-Fetch-Dest', 'Sec-Fetch-Site', 'Sec-Fetch-Mode', 'Sec-Fetch-User'] as const;

/** The slug of the build page the request opened, or null when it is not a visit. */
export function visitedBuild(request: AnsweredRequest): string | null {
  // A 304 is the page shown again from the browser's own copy, which it revalidated: seen like a 200.
  if (request.method !== 'GET' || (request.status !== 200 && request.status !== 304)) return null;
  // React Router's data request is no page: no page navigates client-side (decision 017).
  const slug = buildPageSlug(request.path);
  if (slug === null || !isNavigation(request)) return null;
  try {
    return decodeURIComponent(slug);
  } catch {
    return null; // a malformed escape names no build
  }
}

function isNavigation(request: AnsweredRequest): boolean {
  const userAgent = request.header('User-Agent');
  if (!userAgent || isbot(userAgent)) return false;
  const purpose = request.header('Sec-Purpose') ?? request.header('Purpose');
  if (purpose && /prefetch|prerender/i.test(purpose)) return false;
  const dest = request.header('Sec-Fetch-Dest');
  if (dest !== undefined) return dest.trim().toLowerCase() === 'document';
  // Some Fetch Metadata but no destination is no browser's navigation.
  return FETCH_METADATA.every((name) => request.header(name) === undefined);
}
