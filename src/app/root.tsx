import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from 'react-router';
import { feedPath, feedTitle } from '../common/feed-query';
import { paths } from '../common/paths';
import type { Route } from './+types/root';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
// Inlined into every page: no render-blocking stylesheet request before the first paint.
import appCss from './app.css?inline';
import publicCss from './public.css?inline';
import { CLIENT_APP_HEAD_SCRIPT, DOCUMENT_BODY_SCRIPT, DOCUMENT_HEAD_SCRIPT } from './inline-scripts';
import { isClientAppHandle } from './client-app';
import { useScriptNonce } from './script-nonce';
import './zod-in-the-browser';
import './load-context';

export function loader({ context }: Route.LoaderArgs) {
  const { siteName, siteAuthor, defaultAffiliateTag, socialUrl, videoChannelUrl, publicBaseUrl } = context.config;
  return { siteName, siteAuthor, defaultAffiliateTag, socialUrl, videoChannelUrl, publicBaseUrl, year: new Date().getFullYear() };
}

// Site settings do not change between navigations: no need to refetch them.
export const shouldRevalidate = () => false;

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/**
 * The stylesheet's text, for the server render. The production client bundle leaves it out (34 KB that
 * the admin would download and parse again): React does not compare an element's inner HTML while
 * hydrating, and keeps the server's; the value stays the same afterwards, so React never rewrites it
 * (decision 016). The development client keeps it, for stylesheet hot reload.
 */
const ADMIN_STYLESHEET = import.meta.env.SSR || import.meta.env.DEV ? appCss : '';
/** Public pages are never hydrated: only the server needs their stylesheet. */
const PUBLIC_STYLESHEET = import.meta.env.SSR ? publicCss : '';

/**
 * Whether the matched routes are a client app (the admin: handle.admin). Only those get React Router's
 * scripts and hydrate; every other page is a document with no framework script at all (decision 017).
 */
function useIsClientApp(): boolean {
  return useMatches().some((match) => isClientAppHandle(match.handle));
}

export function Layout({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData<typeof loader>('root');
  // Admin routes have their own theme and shell: no public header/footer there.
  const admin = useIsClientApp();
  // The admin's answer nonce (undefined on public documents, whose scripts are allowed by hash, and in the
  // browser); React Router's <Scripts> and <ScrollRestoration> get it from <ServerRouter nonce>.
  const nonce = useScriptNonce();
  return (
    <html lang="it" className="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e1b4b" />
        {/* suppressHydrationWarning: the browser hides a nonce attribute from the DOM, and the client renders none. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: admin ? CLIENT_APP_HEAD_SCRIPT : DOCUMENT_HEAD_SCRIPT }} suppressHydrationWarning />
        <style dangerouslySetInnerHTML={{ __html: admin ? ADMIN_STYLESHEET : PUBLIC_STYLESHEET }} suppressHydrationWarning />
        <Meta />
        <Links />
        {/* Every public page offers the site's feed to readers and browsers; the home adds its category's (home-route.tsx). */}
        {!admin && <link rel="alternate" type="application/rss+xml" title={feedTitle(site?.siteName ?? 'Build PC')} href={feedPath()} />}
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-violet-700 focus:px-4 focus:py-2 focus:text-white">
          Vai al contenuto
        </a>
        {!admin && <SiteHeader siteName={site?.siteName ?? 'Build PC'} socialUrl={site?.socialUrl ?? null} />}
        <div id="main" className="flex-1">
          {children}
        </div>
        {admin ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <>
            <SiteFooter
              siteName={site?.siteName ?? 'Build PC'}
              author={site?.siteAuthor ?? ''}
              year={site?.year ?? new Date().getFullYear()}
              affiliateTag={site?.defaultAffiliateTag ?? ''}
              videoChannelUrl={site?.videoChannelUrl ?? null}
            />
            {/* Last in <body>: the elements it enhances are parsed by the time it runs. */}
            <script dangerouslySetInnerHTML={{ __html: DOCUMENT_BODY_SCRIPT }} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{notFound ? 'Pagina non trovata' : 'Si è verificato un errore'}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        {notFound ? 'La pagina che cerchi non esiste.' : 'Riprova tra qualche istante.'}
      </p>
      {/* A plain link: from the admin too, the home page is loaded as a document, never rendered by the client app. */}
      <a href={paths.home()} className="mt-6 inline-block font-semibold text-violet-700 underline dark:text-violet-300">
        Torna alla home
      </a>
    </main>
  );
}
