/** /admin/change-password (spec sections 2 Change password, 5 and 8). */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MESSAGES, PASSWORD_RULES, passwordStrength, passwordViolations } from '../../../common/password-rules';
import { paths } from '../../../common/paths';
import { api, errorDetails, errorMessage } from '../../admin/api-client';
import { useAuth } from '../../admin/auth-context';
import { adminMeta, buttonClass, cardClass, inputClass, Notice, secondaryButtonClass } from '../../admin/ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/change-password';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Cambia Password', siteFromMatches(matches).siteName);
}

const REDIRECT_DELAY_MS = 2000;
const FALLBACK_ERROR = 'Errore durante il cambio password';

const STRENGTH_BAR: Record<number, string> = {
  20: 'bg-red-600',
  40: 'bg-orange-500',
  60: 'bg-yellow-500',
  80: 'bg-lime-600',
  100: 'bg-green-600',
};

type FormError = { message: string; details: string[] } | null;

const LOGOUT_ALL_CONFIRM =
  'Vuoi uscire da tutti i dispositivi? Verranno chiuse tutte le sessioni aperte, compresa questa, e dovrai accedere di nuovo.';
const LOGOUT_ALL_ERROR = 'Non è stato possibile uscire da tutti i dispositivi. Riprova.';

/**
 * "Esci da tutti i dispositivi": ends every session of the author, this one included (a lost phone, a
 * shared computer), then the login page. Nothing else on this screen is needed for it.
 */
function LogoutEverywhere() {
  const { logoutEverywhere } = useAuth();
  const ids = useId();
  const [state, setState] = useState<'idle' | 'working'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function onClick() {
    if (state !== 'idle' || !window.confirm(LOGOUT_ALL_CONFIRM)) return;
    setError(null);
    setState('working');
    try {
      await logoutEverywhere();
    } catch (caught) {
      setError(errorMessage(caught, LOGOUT_ALL_ERROR));
      setState('idle');
    }
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
      <button type="button" onClick={() => void onClick()} disabled={state !== 'idle'} className={secondaryButtonClass}>
        {state === 'working' ? 'Uscita in corso...' : 'Esci da tutti i dispositivi'}
      </button>
    </section>
  );
}

function PasswordField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  describedBy?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          aria-describedby={describedBy}
          className={inputClass}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={visible ? 'Nascondi password' : 'Mostra password'}
          aria-controls={id}
          className="shrink-0 rounded-lg border border-slate-400 px-3 text-sm font-medium hover:border-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:border-slate-500"
        >
          {visible ? 'Nascondi' : 'Mostra'}
        </button>
      </div>
    </div>
  );
}

export default function ChangePassword() {
  const navigate = useNavigate();
  const ids = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<FormError>(null);
  const [state, setState] = useState<'idle' | 'submitting' | 'success'>('idle');

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(() => navigate(paths.admin.home()), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const violations = passwordViolations(next);
  const strength = passwordStrength(next);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== 'idle') return;
    if (!current) return setError({ message: PASSWORD_MESSAGES.currentRequired, details: [] });
    if (violations.length > 0) return setError({ message: PASSWORD_MESSAGES.weak, details: violations });
    if (next !== confirm) return setError({ message: PASSWORD_MESSAGES.mismatch, details: [] });
    if (next === current) return setError({ message: PASSWORD_MESSAGES.mustDiffer, details: [] });
    setError(null);
    setState('submitting');
    try {
      await api.post('/auth/change-password', { currentPassword: current, newPassword: next });
      setState('success');
    } catch (caught) {
      setError({ message: errorMessage(caught, FALLBACK_ERROR), details: errorDetails(caught) });
      setState('idle');
    }
  }

  const rulesId = `${ids}-rules`;
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Cambia Password</h1>

      {state === 'success' && (
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

      <form onSubmit={onSubmit} noValidate className={`${cardClass} space-y-5`} data-testid="change-password-form">
        <fieldset disabled={state !== 'idle'} className="space-y-5">
          <legend className="sr-only">Cambia la password</legend>
          <PasswordField id={`${ids}-current`} label="Password corrente" value={current} onChange={setCurrent} autoComplete="current-password" />
          <div>
            <PasswordField id={`${ids}-new`} label="Nuova password" value={next} onChange={setNext} autoComplete="new-password" describedBy={`${rulesId} ${ids}-strength`} />
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
          <PasswordField id={`${ids}-confirm`} label="Conferma nuova password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" className={buttonClass} disabled={violations.length > 0 || state !== 'idle'}>
              {state === 'submitting' ? 'Aggiornamento...' : 'Aggiorna Password'}
            </button>
            <Link to={paths.admin.home()} className={secondaryButtonClass}>
              Annulla
            </Link>
          </div>
        </fieldset>
      </form>

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
