/**
 * Build status badge shared by the dashboard and the builds list (product spec, "States and transitions": green,
 * yellow, neutral; a scheduled build in blue with its publication time, Italian time).
 */
import { statusLabel } from '../../common/catalog';
import { formatDateTime } from '../../common/format';

function statusBadgeClass(status: string): string {
  if (status === 'published') return 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100';
  if (status === 'draft') return 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100';
  if (status === 'scheduled') return 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100';
  return 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100';
}

export function StatusBadge({ status, publishAt = null }: { status: string; publishAt?: string | null }) {
  return (
    <span className={`inline-block shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${statusBadgeClass(status)}`} data-testid="status-badge">
      {statusLabel(status)}
      {status === 'scheduled' && publishAt && (
        <>
          {' · '}
          <time dateTime={publishAt}>{formatDateTime(publishAt)}</time>
        </>
      )}
    </span>
  );
}
