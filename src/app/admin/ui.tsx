/** Small building blocks shared by the admin screens. */
import { type ReactNode, useId } from 'react';
import { Link, type MetaDescriptor } from 'react-router';
import { paths } from '../../common/paths';

/** '<page> | <site> CMS' and noindex: admin pages never go into search engines. */
export function adminMeta(page: string, siteName = 'Build PC'): MetaDescriptor[] {
  return [{ title: `${page} | ${siteName} CMS` }, { name: 'robots', content: 'noindex' }];
}

type NoticeTone = 'success' | 'error' | 'info';

const toneClass: Record<NoticeTone, string> = {
  success: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  info: 'border-violet-300 bg-violet-50 text-violet-900 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-100',
};

/** In-page notice: errors are alerts (announced at once), the rest are status messages. */
export function Notice({ tone, children, onDismiss, testId }: { tone: NoticeTone; children: ReactNode; onDismiss?: () => void; testId?: string }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} data-testid={testId} className={`flex items-start justify-between gap-4 rounded-lg border px-4 py-3 text-sm ${toneClass[tone]}`}>
      <div className="min-w-0">{children}</div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="shrink-0 rounded px-2 font-semibold underline focus-visible:outline-2 focus-visible:outline-current">
          Chiudi
        </button>
      )}
    </div>
  );
}

export function AdminSpinner({ label = 'Caricamento in corso...' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16" data-testid="admin-spinner">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-violet-200 border-t-violet-700 motion-reduce:animate-none dark:border-slate-700 dark:border-t-violet-400" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * Shown only by a browser without JavaScript, beside the spinner the server renders for the admin app: the
 * app needs JavaScript; the report's import does not (decision 047).
 */
export function NoScriptNotice() {
  return (
    <noscript>
      <div className="mx-auto max-w-xl px-4 pb-12 text-center" data-testid="admin-noscript">
        <p>L'amministrazione usa JavaScript, che in questo browser è disattivato.</p>
        <p className="mt-2">
          Senza JavaScript puoi comunque{' '}
          <a href={paths.admin.revenueUpload()} className="font-semibold text-violet-800 underline dark:text-violet-300">
            importare un report dei guadagni
          </a>
          .
        </p>
      </div>
    </noscript>
  );
}

export const cardClass = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900';
export const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-violet-700 px-4 py-2 font-semibold text-white hover:bg-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:border-violet-500 hover:text-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:text-violet-200';
export const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-violet-600 focus:outline-2 focus:outline-violet-500 disabled:opacity-60 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400';

interface TitledCardProps {
  title: string;
  /** Beside the title: the card's own controls or figures. */
  aside: ReactNode;
  /** How the title row lays out (a wide aside stacks under the title on phones). */
  headerClassName: string;
  /** Extra classes of the card, e.g. the space between its blocks. */
  className: string;
  testId: string;
  children: ReactNode;
}

/** A card named by its h2 title, with the card's own controls beside the title. */
export function TitledCard({ title, aside, headerClassName, className, testId, children }: TitledCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardClass} ${className}`} data-testid={testId}>
      <div className={headerClassName}>
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** The link a dashboard card offers beside its title, to the screen with the details. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-semibold text-violet-800 hover:underline dark:text-violet-300">
      {children}
    </Link>
  );
}

export interface CardFigure {
  key: string;
  label: string;
  /** Formatted for reading (counts, euros). */
  value: string;
}

/** A card's headline figures, large, each under its label; `testIdPrefix` + key names each value for tests. */
export function FigureGrid({ figures, gridClassName, testIdPrefix }: { figures: readonly CardFigure[]; gridClassName: string; testIdPrefix: string }) {
  return (
    <dl className={`grid gap-4 text-sm ${gridClassName}`}>
      {figures.map((figure) => (
        <div key={figure.key}>
          <dt className="text-slate-700 dark:text-slate-300">{figure.label}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid={`${testIdPrefix}${figure.key}`}>
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
