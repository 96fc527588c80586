/** The imported reports (file, period, rows, when, by whom) with an undo, confirmed in the admin's own dialog. */
import { useId, useState } from 'react';
import { Form } from 'react-router';
import { formatCount, formatDate, formatDateTime } from '../../../common/format';
import type { RevenueImport } from '../../../modules/revenue/revenue.schema';
import { ModalDialog } from '../modal-dialog';
import { buttonClass, secondaryButtonClass } from '../ui';
import { REVENUE_FIELDS, REVENUE_INTENT } from './revenue-data';
import { formatEuros } from './revenue-text';
import { RevenueSection } from './revenue-tables';

const day = (value: string) => formatDate(`${value}T12:00:00Z`);

export function ImportsList({ imports, busy }: { imports: RevenueImport[]; busy: boolean }) {
  const [undoing, setUndoing] = useState<RevenueImport | null>(null);
  return (
    <RevenueSection
      title="Report importati"
      testId="revenue-imports"
      emptyText={imports.length === 0 ? 'Nessun report importato.' : null}
      footer={undoing && <UndoDialog row={undoing} onClose={() => setUndoing(null)} />}
    >
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {imports.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="revenue-import">
            <div className="min-w-0 text-sm">
              <p className="font-medium break-all">{row.file_name}</p>
              <p className="text-slate-700 dark:text-slate-300">
                Dal {day(row.period_from)} al {day(row.period_to)} · {formatCount(row.rows)} righe · {formatEuros(row.commissions)}
                {row.days_in_use === 0 ? ' · sostituito da report più recenti' : ''}
              </p>
              <p className="text-slate-700 dark:text-slate-300">
                Importato il {formatDateTime(row.imported_at)} da {row.imported_by}
              </p>
            </div>
            <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => setUndoing(row)}>
              Annulla
              <span className="sr-only"> l&apos;importazione di {row.file_name}</span>
            </button>
          </li>
        ))}
      </ul>
    </RevenueSection>
  );
}

function UndoDialog({ row, onClose }: { row: RevenueImport; onClose: () => void }) {
  const textId = useId();
  return (
    <ModalDialog title="Annullare l'importazione?" onClose={onClose} describedBy={textId} testId="revenue-undo-dialog">
      <p id={textId} className="text-sm">
        I dati di «{row.file_name}» ({day(row.period_from)} – {day(row.period_to)}) verranno eliminati; i giorni che copriva tornano ai report importati prima,
        se ce ne sono.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3" onSubmit={onClose}>
        <input type="hidden" name={REVENUE_FIELDS.id} value={row.id} />
        <button type="submit" name={REVENUE_FIELDS.intent} value={REVENUE_INTENT.undo} className={buttonClass}>
          Annulla l&apos;importazione
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Mantieni
        </button>
      </Form>
    </ModalDialog>
  );
}
