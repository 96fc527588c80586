/**
 * /admin/login: '{site} CMS' sign-in form (product spec, "Screens and routes", "Validation rules",
 * "Error catalogue"), submitted through the route's clientAction.
 */
import { Form, redirect, useNavigation, useRouteLoaderData } from 'react-router';
import { paths } from '../../../common/paths';
import { authApi, errorMessage, setToken } from '../api';
import { AdminThemeToggle } from '../admin-theme';
import { formText } from '../form-data';
import { currentUser } from '../session';
import { AdminSpinner, NoScriptNotice, adminMeta, buttonClass, inputClass, Notice } from '../ui';
import { siteFromMatches } from '../../seo';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/login-route';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Accesso', siteFromMatches(matches).siteName);
}

const LOGIN_MESSAGES = {
  required: 'Inserisci username e password',
  failed: 'Errore durante il login',
} as const;

/** Already signed in (a token the server still accepts): straight to the dashboard. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return (await currentUser(request.signal)) ? redirect(paths.admin.home()) : null;
}

export function HydrateFallback() {
  return (
    <>
      <AdminSpinner label="Verifica della sessione..." />
      <NoScriptNotice />
    </>
  );
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const username = formText(form, 'username').trim();
  const password = formText(form, 'password');
  // Checked here, before any request: the spec wants the message without a round trip.
  if (!username || !password) return { error: LOGIN_MESSAGES.required };
  try {
    const { token } = await authApi.login(username, password, request.signal);
    setToken(token);
  } catch (error) {
    return { error: errorMessage(error, LOGIN_MESSAGES.failed) };
  }
  return redirect(paths.admin.home());
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const site = useRouteLoaderData<typeof rootLoader>('root');
  const siteName = site?.siteName ?? 'Build PC';
  const navigation = useNavigation();
  // Pending from the click until the dashboard has loaded (the redirect keeps the form busy).
  const submitting = navigation.formAction === paths.admin.login() || (navigation.state === 'loading' && navigation.location.pathname === paths.admin.home());
  // A new attempt starts without the previous attempt's message (actionData stays until the new answer).
  const error = submitting ? null : (actionData?.error ?? null);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12 dark:bg-slate-950">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-lg dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-start justify-between gap-4">
          <h1 className="text-2xl font-bold">{siteName} CMS</h1>
          <AdminThemeToggle />
        </div>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Accedi per gestire le build.</p>
        <Form method="post" noValidate className="mt-6 space-y-4" aria-describedby={error ? 'login-error' : undefined} data-testid="login-form">
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
              className={inputClass}
            />
          </div>
          <button type="submit" disabled={submitting} className={`${buttonClass} w-full`}>
            {submitting ? 'Accesso in corso...' : 'Accedi'}
          </button>
        </Form>
      </div>
    </main>
  );
}
