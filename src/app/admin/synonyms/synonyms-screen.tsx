/**
 * /admin/synonyms: the site search's synonym groups (decision 041). Each group is a line of phrases separated
 * by commas; a search for any of them finds the others too. Add, edit and delete; the server's refusal is
 * shown beside the form that caused it.
 */
import { useId } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import type { SynonymGroup } from '../../../modules/search/synonyms.schema';
import { buttonClass, cardClass, inputClass, Notice, secondaryButtonClass } from '../ui';
import { SYNONYM_FIELDS, SYNONYM_INTENT, type SynonymOutcome, type SynonymsData } from './synonyms-data';

const DELETE_CONFIRM = 'Eliminare questo gruppo di sinonimi? Le ricerche non troveranno più le sue parole come sinonimi.';

function Outcome({ outcome }: { outcome: SynonymOutcome }) {
  return (
    <Notice tone={outcome.ok ? 'success' : 'error'} testId="synonyms-notice">
      {outcome.text}
    </Notice>
  );
}

function GroupForm({ group, outcome, busy }: { group: SynonymGroup; outcome: SynonymOutcome | null; busy: boolean }) {
  const fieldId = useId();
  const mine = outcome && outcome.id === group.id ? outcome : null;
  return (
    <li className={`${cardClass} space-y-3`} data-testid="synonym-group">
      <Form method="post" className="space-y-3">
        <input type="hidden" name={SYNONYM_FIELDS.id} value={group.id} />
        <label htmlFor={fieldId} className="block text-sm font-medium">
          Parole del gruppo
        </label>
        <input id={fieldId} name={SYNONYM_FIELDS.phrases} defaultValue={group.phrases.join(', ')} maxLength={400} required className={inputClass} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name={SYNONYM_FIELDS.intent} value={SYNONYM_INTENT.update} className={buttonClass} disabled={busy}>
            Salva
          </button>
          <button
            type="submit"
            name={SYNONYM_FIELDS.intent}
            value={SYNONYM_INTENT.remove}
            className={secondaryButtonClass}
            disabled={busy}
            onClick={(event) => {
              if (!window.confirm(DELETE_CONFIRM)) event.preventDefault();
            }}
          >
            Elimina
          </button>
        </div>
      </Form>
      {mine && <Outcome outcome={mine} />}
    </li>
  );
}

export function SynonymsScreen({ data }: { data: SynonymsData }) {
  const outcome = useActionData<SynonymOutcome>() ?? null;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const newFieldId = useId();
  const newOutcome = outcome && outcome.id === null ? outcome : null;
  // About a group no longer listed (deleted, here or elsewhere): said above the list, where its form was.
  const goneOutcome = outcome && outcome.id !== null && !data.groups?.some((group) => group.id === outcome.id) ? outcome : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Sinonimi della ricerca</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Ogni gruppo elenca parole o espressioni che per chi cerca vogliono dire la stessa cosa, separate da virgole (per esempio «nvidia, geforce» o
        «scheda video, gpu»). Chi cerca una di esse trova anche le build che usano le altre. Al massimo 8 per gruppo, ciascuna di 3 parole al più; una parola
        può stare in un gruppo solo.
      </p>
      {data.error && (
        <Notice tone="error" testId="synonyms-load-error">
          {data.error}
        </Notice>
      )}
      <section aria-labelledby={`${newFieldId}-heading`} className={`${cardClass} space-y-3`}>
        <h2 id={`${newFieldId}-heading`} className="text-lg font-semibold">
          Nuovo gruppo
        </h2>
        {/* A group added empties the form (a new key: the list grew); a refused one keeps what was typed. */}
        <Form key={`new-${data.groups?.length ?? 0}`} method="post" className="space-y-3" data-testid="synonym-new">
          <label htmlFor={newFieldId} className="block text-sm font-medium">
            Parole del gruppo, separate da virgole
          </label>
          <input id={newFieldId} name={SYNONYM_FIELDS.phrases} maxLength={400} required placeholder="per esempio: radeon, amd" className={inputClass} />
          <button type="submit" name={SYNONYM_FIELDS.intent} value={SYNONYM_INTENT.create} className={buttonClass} disabled={busy}>
            Aggiungi il gruppo
          </button>
        </Form>
        {newOutcome && <Outcome outcome={newOutcome} />}
      </section>
      {goneOutcome && <Outcome outcome={goneOutcome} />}
      {data.groups && (
        <section aria-label="Gruppi di sinonimi">
          {data.groups.length === 0 ? (
            <p className="text-slate-700 dark:text-slate-300">Nessun gruppo di sinonimi.</p>
          ) : (
            <ul className="space-y-4">
              {data.groups.map((group) => (
                <GroupForm key={`${group.id}-${group.updated_at}`} group={group} outcome={outcome} busy={busy} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
