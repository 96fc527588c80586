/**
 * The frame of the alert pages (confirm, unsubscribe, "check your mail"): a short document, no script.
 * The page's <title> is rendered here, from the heading, rather than in the routes' `meta`: `meta` sees only
 * the loader's data, and after a POST (confirming, one-click unsubscribe) the loader no longer knows what the
 * action did, so a title from `meta` could announce a failure under a heading saying it worked. React hoists
 * this <title> into <head>.
 */
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { formatPrice } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { AlertDescription } from '../../../modules/alerts';
import { siteFromMatches } from '../../seo';

export function AlertPage({ title, children }: { title: string; children: ReactNode }) {
  const site = siteFromMatches(useMatches());
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <title>{`${title} | ${site.siteName}`}</title>
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <div className="mt-6 space-y-4 text-slate-700 dark:text-slate-200">{children}</div>
    </main>
  );
}

/** What the alert asks for, in words: never the address. */
export function describeAlert(alert: AlertDescription): string {
  if (alert.componentName !== null) return `quando "${alert.componentName}" di "${alert.buildTitle}" torna disponibile`;
  if (alert.maxTotal === null) return `quando il totale di "${alert.buildTitle}" scende`;
  return `quando il totale di "${alert.buildTitle}" scende a ${formatPrice(alert.maxTotal)} o meno`;
}

export function BuildLink({ alert }: { alert: AlertDescription }) {
  return (
    <a href={paths.build(alert.buildSlug)} className="font-semibold text-violet-700 underline dark:text-violet-300">
      Torna a {alert.buildTitle}
    </a>
  );
}

export function AlertButton({ children }: { children: ReactNode }) {
  return (
    <form method="post">
      <button type="submit" className="rounded-xl bg-violet-700 px-6 py-3 font-semibold text-white hover:bg-violet-600">
        {children}
      </button>
    </form>
  );
}

const INVALID_LINK_TITLE = 'Link non più valido';

/** The alert pages' meta: no title (AlertPage renders it), never indexed. */
export const ALERT_PAGE_META = [{ name: 'robots', content: 'noindex' }];

export function InvalidLink() {
  return (
    <AlertPage title={INVALID_LINK_TITLE}>
      <p>Questo link non è più valido: l&apos;avviso è scaduto, è già stato annullato o non è mai esistito.</p>
      <p>
        <a href={paths.home()} className="font-semibold text-violet-700 underline dark:text-violet-300">
          Torna alla home
        </a>
      </p>
    </AlertPage>
  );
}
