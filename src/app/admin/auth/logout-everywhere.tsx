/**
 * "Esci da tutti i dispositivi": ends every session of the author, this one included (a lost phone, a
 * shared computer), then the login page. Posted to the screen's route action (change-password-data.ts).
 */
import { useId } from 'react';
import { useFetcher } from 'react-router';
import { cardClass, Notice, secondaryButtonClass } from '../ui';
import { type changePasswordAction, PASSWORD_INTENT } from './change-password-data';

const LOGOUT_ALL_CONFIRM =
  'Vuoi uscire da tutti i dispositivi? Verranno chiuse tutte le sessioni aperte, compresa questa, e dovrai accedere di nuovo.';

export function LogoutEverywhere() {
  const fetcher = useFetcher<typeof changePasswordAction>();
  const ids = useId();
  const working = fetcher.state !== 'idle';
  // Shown once the attempt is over: a new attempt starts without the old message.
  const error = !working && fetcher.data?.intent === PASSWORD_INTENT.logoutEverywhere ? fetcher.data.error : null;

  function onClick() {
    if (working || !window.confirm(LOGOUT_ALL_CONFIRM)) return;
    void fetcher.submit({ intent: PASSWORD_INTENT.logoutEverywhere }, { method: 'post' });
  }

  return (
    <section aria-labelledby={`${ids}-title`} className={`${cardClass} space-y-3`} data-testid="logout-everywhere">
      <h2 id={`${ids}-title`} className="font-semibold">
        Dispositivi connessi
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Chiude tutte le sessioni aperte con il tuo account, compresa questa: su ogni dispositivo servirà accedere di nuovo.
      </p>
      {error && (
        <Notice tone="error" testId="logout-everywhere-error">
          {error}
        </Notice>
      )}
      <button type="button" onClick={onClick} disabled={working} className={secondaryButtonClass}>
        {working ? 'Uscita in corso...' : 'Esci da tutti i dispositivi'}
      </button>
    </section>
  );
}
