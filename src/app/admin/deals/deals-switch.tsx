/**
 * The editor's "Offerte" card (decision 046): the author's switch that keeps a build's parts out of the deals
 * page, its feed, the API and the Telegram channel. Saved at once on its own (not with the build's form): it
 * is not content, so it never makes the form's save a conflict.
 */
import { useEffect, useId, useState } from 'react';
import { attempt, dealsApi, errorMessage } from '../api';
import { cardClass } from '../ui';

export function DealsSwitchCard({ buildId }: { buildId: number }) {
  const headingId = useId();
  const checkboxId = useId();
  const [excluded, setExcluded] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // A flag, not an aborted request: the answer of a card that left the page is only ignored.
    let current = true;
    void attempt(dealsApi.exclusion(buildId)).then((result) => {
      if (!current) return;
      if (result.ok) setExcluded(result.data);
      else setError(errorMessage(result.error, 'Impossibile leggere l’impostazione delle offerte'));
    });
    return () => {
      current = false;
    };
  }, [buildId]);

  async function change(next: boolean) {
    setBusy(true);
    setError(null);
    const result = await attempt(dealsApi.setExclusion(buildId, next));
    setBusy(false);
    if (result.ok) setExcluded(result.data);
    else setError(errorMessage(result.error, 'Impostazione delle offerte non salvata'));
  }

  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-3`} data-testid="deals-switch-card">
      <h2 id={headingId} className="text-lg font-semibold">
        Offerte
      </h2>
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={excluded ?? false}
          disabled={excluded === null || busy}
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        <label htmlFor={checkboxId} className="text-sm">
          Escludi i componenti di questa build dalle offerte (pagina Offerte, feed e canale Telegram). Salvato subito.
        </label>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
