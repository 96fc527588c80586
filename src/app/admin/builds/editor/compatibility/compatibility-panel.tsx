/**
 * 'Compatibilità' under the component list: the checks of the build as it is being edited, recomputed
 * on every change (compatibility-form.ts), with the estimated draw. Announced politely to screen
 * readers, so a change that breaks a check is heard without moving the focus.
 */
import { useMemo } from 'react';
import { CHECK_LABELS, type CheckStatus } from '../../../../../compatibility/checks';
import { formatCount } from '../../../../../common/format';
import type { ComponentForm } from '../form/build-form';
import { compatibilityOfForm } from './compatibility-form';

export const STATUS_LABELS: Record<CheckStatus, string> = {
  ok: 'OK',
  warning: 'Attenzione',
  error: 'Errore',
  unknown: 'Non verificabile',
};

const STATUS_CLASSES: Record<CheckStatus, string> = {
  ok: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  error: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  unknown: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

export function CompatibilityPanel({ components }: { components: readonly ComponentForm[] }) {
  const report = useMemo(() => compatibilityOfForm(components), [components]);
  const { checks, estimated_watts: watts } = report;
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="compatibility-panel" aria-live="polite">
      <h3 className="font-semibold">Compatibilità</h3>
      {checks.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Aggiungi processore, scheda madre, RAM, case e alimentatore per i controlli di compatibilità.</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {checks.map((check) => (
            <li key={check.rule} className="flex flex-wrap items-baseline gap-2" data-rule={check.rule} data-status={check.status}>
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[check.status]}`}>{STATUS_LABELS[check.status]}</span>
              <span className="font-medium">{CHECK_LABELS[check.rule]}:</span>
              <span>{check.message}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm" data-testid="editor-estimated-watts">
        {watts === null ? 'Consumo stimato: non disponibile (potenza del processore o della scheda video non riconosciuta)' : `Consumo stimato: ${formatCount(watts)} W`}
      </p>
    </div>
  );
}
