/** The frame of the alert pages (confirm, unsubscribe, "check your mail"): a short document, no script. */
import type { ReactNode } from 'react';
import { formatPrice } from '../../common/format';
import { paths } from '../../common/paths';
import type { AlertDescription } from '../../modules/alerts/manage.service';

export function AlertPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
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

export const INVALID_LINK_TITLE = 'Link non più valido';

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
