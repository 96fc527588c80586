/**
 * /admin/change-password (product spec, "Change password", "Validation rules", "Error catalogue"): requirements box
 * with live rules, three fields with show/hide toggles, strength meter, the form posted to the route action, tips,
 * and "Esci da tutti i dispositivi". After a change the form stays disabled and the dashboard opens 2 s later.
 */
import { useEffect, useId, useState } from 'react';
import { Link, useFetcher, useNavigate } from 'react-router';
import { PASSWORD_MESSAGES, PASSWORD_RULES, passwordStrength, passwordViolations } from '../../../common/password-rules';
import { paths } from '../../../common/paths';
import { buttonClass, cardClass, Notice, secondaryButtonClass } from '../ui';
import { type changePasswordAction, PASSWORD_FIELDS, PASSWORD_INTENT } from './change-password-data';
import { LogoutEverywhere } from './logout-everywhere';
import { PasswordField } from './password-field';

const REDIRECT_DELAY_MS = 2000;

const STRENGTH_BAR: Record<number, string> = {
  20: 'bg-red-600',
  40: 'bg-orange-500',
  60: 'bg-yellow-500',
  80: 'bg-lime-600',
  100: 'bg-green-600',
};

/** Spec: after a change the browser goes to /admin 2 s later (not if the author has left the screen meanwhile). */
function useRedirectAfterChange(changed: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => void navigate(paths.admin.home()), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changed, navigate]);
}

export function ChangePasswordScreen() {
  const fetcher = useFetcher<typeof changePasswordAction>();
  const ids = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');

  const submitting = fetcher.state !== 'idle';
  const result = fetcher.data?.intent === PASSWORD_INTENT.change ? fetcher.data : null;
  const changed = result?.changed === true;
  // The previous refusal goes as soon as the form is sent again.
  const error = !submitting && result && !result.changed ? result : null;
  useRedirectAfterChange(changed);

  const violations = passwordViolations(next);
  const strength = passwordStrength(next);
  const locked = submitting || changed;
  const rulesId = `${ids}-rules`;

  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Cambia Password</h1>

      {changed && (
        <Notice tone="success" testId="password-success">
          <p className="font-semibold">{PASSWORD_MESSAGES.changed}</p>
          <p>Verrai reindirizzato alla dashboard...</p>
        </Notice>
      )}
      {error && (
        <Notice tone="error" testId="password-error">
          <p className="font-semibold">{error.message}</p>
          {error.details.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {error.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}

      <section aria-labelledby={`${ids}-req`} className={cardClass} data-testid="password-requirements">
        <h2 id={`${ids}-req`} className="font-semibold">
          Requisiti della password
        </h2>
        <ul id={rulesId} className="mt-3 space-y-1 text-sm">
          {PASSWORD_RULES.map((rule) => {
            const met = rule.test(next);
            return (
              <li key={rule.message} data-met={met} className={met ? 'text-green-800 dark:text-green-300' : 'text-slate-700 dark:text-slate-300'}>
                <span aria-hidden="true">{met ? '✓' : '○'}</span> {rule.message}
                <span className="sr-only">{met ? ' (soddisfatto)' : ' (non soddisfatto)'}</span>
              </li>
            );
          })}
        </ul>
      </section>

      <fetcher.Form method="post" noValidate className={`${cardClass} space-y-5`} data-testid="change-password-form">
        <input type="hidden" name="intent" value={PASSWORD_INTENT.change} />
        <fieldset disabled={locked} className="space-y-5">
          <legend className="sr-only">Cambia la password</legend>
          <PasswordField id={`${ids}-current`} name={PASSWORD_FIELDS.current} label="Password corrente" value={current} onChange={setCurrent} autoComplete="current-password" />
          <div>
            <PasswordField
              id={`${ids}-new`}
              name={PASSWORD_FIELDS.next}
              label="Nuova password"
              value={next}
              onChange={setNext}
              autoComplete="new-password"
              describedBy={`${rulesId} ${ids}-strength`}
            />
            <div className="mt-2" data-testid="strength-meter" hidden={!next}>
              <div
                role="meter"
                aria-label="Sicurezza della password"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={strength.percent}
                aria-valuetext={`${strength.label} (${strength.percent}%)`}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
              >
                <div className={`h-full ${STRENGTH_BAR[strength.percent]}`} style={{ width: `${strength.percent}%` }} data-testid="strength-bar" />
              </div>
              <p id={`${ids}-strength`} className="mt-1 text-sm">
                Sicurezza: <strong data-testid="strength-label">{strength.label}</strong> <span data-testid="strength-percent">({strength.percent}%)</span>
              </p>
            </div>
          </div>
          <PasswordField id={`${ids}-confirm`} name={PASSWORD_FIELDS.confirm} label="Conferma nuova password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" className={buttonClass} disabled={violations.length > 0 || locked}>
              {submitting ? 'Aggiornamento...' : 'Aggiorna Password'}
            </button>
            <Link to={paths.admin.home()} className={secondaryButtonClass}>
              Annulla
            </Link>
          </div>
        </fieldset>
      </fetcher.Form>

      <LogoutEverywhere />

      <section aria-labelledby={`${ids}-tips`} className={cardClass} data-testid="password-tips">
        <h2 id={`${ids}-tips`} className="font-semibold">
          Consigli per una password sicura
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>Usa una frase lunga e facile da ricordare solo per te.</li>
          <li>Non riutilizzare password usate su altri siti.</li>
          <li>Evita nomi, date di nascita e parole comuni.</li>
          <li>Valuta l&apos;uso di un gestore di password.</li>
        </ul>
      </section>
    </div>
  );
}
