/** One open replacement record (product spec, "Replacements screen"): substitute, original, reason, ids, restore. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatPrice } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { ReplacementRecord } from '../../../modules/replacements';
import { cardClass, secondaryButtonClass } from '../ui';

const linkClass = 'font-semibold text-violet-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:text-violet-300';
const termClass = 'font-medium text-slate-700 dark:text-slate-300';

function Field({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className={termClass}>{term}:</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A product's page on the retailer, in a new tab; the screen reader hears which product and that a tab opens. */
function RetailerLink({ href, label, product }: { href: string; label: string; product: string }) {
  return (
    <a href={href} target="_blank" rel="sponsored nofollow noopener" className={`${linkClass} mt-3 inline-block text-sm`}>
      {label}
      <span className="sr-only">: {product} (si apre in una nuova scheda)</span>
    </a>
  );
}

export function ReplacementCard({ record, restoring, busy, onRestore }: { record: ReplacementRecord; restoring: boolean; busy: boolean; onRestore: () => void }) {
  const titleId = `replacement-${record.id}-title`;
  // The substitute may have been removed from the build since the swap: the record still restores the original.
  const currentName = record.name ?? 'Componente sostitutivo rimosso dalla build';
  return (
    <article className={cardClass} aria-labelledby={titleId} data-testid="replacement-card" data-replacement-id={record.id}>
      <div className="flex flex-wrap items-start gap-3">
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 dark:bg-amber-900 dark:text-amber-100" data-testid="replaced-badge">
          SOSTITUITO
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 text-lg font-semibold break-words">
          {currentName}
        </h2>
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section aria-label="Componente attuale" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="current-component">
          <h3 className="font-semibold">Componente attuale</h3>
          <dl className="mt-2 space-y-1 text-sm">
            <Field term="Nome">{currentName}</Field>
            <Field term="Prezzo" testId="current-price">
              {formatPrice(record.price)}
            </Field>
            {record.asin && (
              <Field term="ASIN" testId="current-asin">
                {record.asin}
              </Field>
            )}
            <Field term="Tipo" testId="current-type">
              {record.type}
            </Field>
          </dl>
          {record.amazon_link && <RetailerLink href={record.amazon_link} label="Vedi su Amazon" product={currentName} />}
        </section>

        {record.original_name && (
          <section aria-label="Componente originale" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="original-component">
            <h3 className="font-semibold">Componente originale</h3>
            <p className="mt-2 text-sm break-words" data-testid="original-name">
              {record.original_name}
            </p>
            <p className="mt-1 text-sm font-semibold text-red-800 dark:text-red-300">Non disponibile</p>
            {record.original_asin && (
              <dl className="mt-1 text-sm">
                <Field term="ASIN" testId="original-asin">
                  {record.original_asin}
                </Field>
              </dl>
            )}
            {record.original_link && <RetailerLink href={record.original_link} label="Vedi originale" product={record.original_name} />}
          </section>
        )}
      </div>

      {record.replacement_reason && (
        <p className="mt-4 text-sm" data-testid="replacement-reason">
          <strong>Motivo:</strong> {record.replacement_reason}
        </p>
      )}

      <div className="mt-4 flex flex-col gap-4 border-t border-slate-200 pt-4 sm:flex-row sm:items-end sm:justify-between dark:border-slate-800">
        <dl className="space-y-1 text-sm">
          <Field term="ID" testId="replacement-id">
            {record.id}
          </Field>
          <Field term="Build" testId="replacement-build">
            #{record.build_id}{' '}
            <Link to={paths.admin.editBuild(record.build_id)} className={linkClass}>
              {record.build_title}
            </Link>
          </Field>
          <Field term="Sostituito il" testId="replacement-date">
            <time dateTime={record.created_at}>{formatDateTime(record.created_at)}</time>
          </Field>
        </dl>
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onRestore}>
          {restoring ? 'Ripristino in corso...' : 'Ripristina'}
          <span className="sr-only"> {record.original_name}</span>
        </button>
      </div>
    </article>
  );
}
