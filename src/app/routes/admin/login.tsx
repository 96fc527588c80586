/** /admin/login: '{site} CMS' sign-in form (spec sections 2, 5 and 8). */
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useRouteLoaderData } from 'react-router';
import { paths } from '../../../common/paths';
import { errorMessage } from '../../admin/api-client';
import { AdminThemeToggle } from '../../admin/admin-theme';
import { useAuth } from '../../admin/auth-context';
import { AdminSpinner, adminMeta, buttonClass, inputClass, Notice } from '../../admin/ui';
import { siteFromMatches } from '../../seo';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/login';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Accesso', siteFromMatches(matches).siteName);
}

const LOGIN_MESSAGES = {
  required: 'Inserisci username e password',
  failed: 'Errore durante il login',
} as const;

export default function AdminLogin() {
  const site = useRouteLoaderData<typeof rootLoader>('root');
  const siteName = site?.siteName ?? 'Build PC';
  const { status, login } = useAuth();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (status === 'loading') return <AdminSpinner label="Verifica della sessione..." />;
  if (status === 'authenticated' && !submitting) return <Navigate to={paths.admin.home()} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(LOGIN_MESSAGES.required);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await login(username.trim(), password);
      navigate(paths.admin.home(), { replace: true });
    } catch (caught) {
      setError(errorMessage(caught, LOGIN_MESSAGES.failed));
      setSubmitting(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12 dark:bg-slate-950">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-lg dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-start justify-between gap-4">
          <h1 className="text-2xl font-bold">{siteName} CMS</h1>
          <AdminThemeToggle />
        </div>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Accedi per gestire le build.</p>
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-describedby={error ? 'login-error' : undefined} data-testid="login-form">
          {error && (
            <div id="login-error">
              <Notice tone="error" testId="login-error">
                {error}
              </Notice>
            </div>
          )}
          <div>
            <label htmlFor="login-username" className="mb-1 block text-sm font-medium">
              Username
            </label>
            <input
              id="login-username"
              name="username"
              autoComplete="username"
              aria-required="true"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="login-password" className="mb-1 block text-sm font-medium">
              Password
            </label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              aria-required="true"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={inputClass}
            />
          </div>
          <button type="submit" disabled={submitting} className={`${buttonClass} w-full`}>
            {submitting ? 'Accesso in corso...' : 'Accedi'}
          </button>
        </form>
      </div>
    </main>
  );
}
