/**
 * The report's upload: a plain multipart form (a file field and a button) that works as any form does, with
 * drag and drop on top (a dropped file fills the same field). When the server cannot find a required
 * column, the same form asks which of the file's headers it is; the file stays chosen.
 */
import { type DragEvent, useId, useRef, useState } from 'react';
import { Form } from 'react-router';
import { REPORT_FIELD_LABELS } from '../../../modules/revenue/revenue.schema';
import { buttonClass, cardClass, inputClass, Notice } from '../ui';
import { REVENUE_FIELDS, REVENUE_INTENT, type RevenueOutcome } from './revenue-data';

const ACCEPT = '.csv,.tsv,.txt,.zip,text/csv,text/plain,application/zip';

export function ReportUpload({ outcome, busy }: { outcome: RevenueOutcome | null; busy: boolean }) {
  const headingId = useId();
  const fileId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const mine = outcome && outcome.intent === REVENUE_INTENT.upload ? outcome : null;

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const input = inputRef.current;
    if (!input || event.dataTransfer.files.length === 0) return;
    input.files = event.dataTransfer.files;
    setChosen(event.dataTransfer.files[0]?.name ?? null);
  }

  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-3`} data-testid="revenue-upload">
      <h2 id={headingId} className="text-lg font-semibold">
        Importa un report
      </h2>
      <p id={hintId} className="text-sm text-slate-700 dark:text-slate-300">
        In Associates Central apri Report → Guadagni, scegli il periodo e scarica il CSV (anche dentro uno ZIP). Importare di nuovo lo stesso periodo ne
        sostituisce i giorni: nulla viene contato due volte.
      </p>
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="revenue-dropzone"
          className={`rounded-lg border-2 border-dashed p-4 ${dragging ? 'border-violet-600 bg-violet-50 dark:bg-violet-950' : 'border-slate-300 dark:border-slate-600'}`}
        >
          <label htmlFor={fileId} className="block text-sm font-medium">
            File del report (CSV o ZIP, al massimo 20 MB) — oppure trascinalo qui
          </label>
          <input
            ref={inputRef}
            id={fileId}
            type="file"
            name={REVENUE_FIELDS.file}
            accept={ACCEPT}
            required
            aria-describedby={hintId}
            onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
            className={`${inputClass} mt-2`}
          />
          {chosen && (
            <p className="mt-2 text-sm" data-testid="revenue-chosen">
              File scelto: <strong>{chosen}</strong>
            </p>
          )}
        </div>
        {mine?.mapping && <ColumnMapping mapping={mine.mapping} />}
        <button type="submit" name={REVENUE_FIELDS.intent} value={REVENUE_INTENT.upload} className={buttonClass} disabled={busy}>
          {busy ? 'Importazione…' : 'Importa il report'}
        </button>
      </Form>
      {mine && (
        <Notice tone={mine.ok ? 'success' : 'error'} testId="revenue-upload-notice">
          {mine.text}
        </Notice>
      )}
    </section>
  );
}

/** One choice per missing column, among the file's headers; remembered by the server once the import succeeds. */
function ColumnMapping({ mapping }: { mapping: NonNullable<RevenueOutcome['mapping']> }) {
  const baseId = useId();
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-600" data-testid="revenue-mapping">
      <legend className="px-1 text-sm font-semibold">Quale colonna del file è…</legend>
      {mapping.missing.map((field) => (
        <div key={field}>
          <label htmlFor={`${baseId}-${field}`} className="block text-sm font-medium">
            {REPORT_FIELD_LABELS[field]}
          </label>
          <select id={`${baseId}-${field}`} name={`${REVENUE_FIELDS.mapPrefix}${field}`} required defaultValue="" className={`${inputClass} mt-1`}>
            <option value="" disabled>
              Scegli una colonna
            </option>
            {mapping.headers.map((header) => (
              <option key={header} value={header}>
                {header}
              </option>
            ))}
          </select>
        </div>
      ))}
      <p className="text-xs text-slate-700 dark:text-slate-300">La scelta viene ricordata per i prossimi report con le stesse intestazioni.</p>
    </fieldset>
  );
}
