/**
 * /admin/revenue/upload: the earnings report's import as a server-rendered page, for a browser without
 * JavaScript (decision 047). The admin app needs JavaScript; its screens say so and link here. The page signs
 * in with the same username and password (the same throttle) into a cookie session read by this page only
 * (auth/form-session.ts), then offers the same upload form as the "Guadagni" screen, posted to this route's
 * action: the same import, the same answers, the same column mapping. With JavaScript it works the same way,
 * drag and drop included.
 */
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { isAppError } from '../../../common/errors';
import { paths } from '../../../common/paths';
import { headerMappingSchema, INVALID_MAPPING_MESSAGE, mappingFieldsOf } from '../../../modules/revenue/revenue.schema';
import type { AppServices } from '../../../modules/services';
import { AdminThemeToggle } from '../admin-theme';
import { clearedFormSessionCookie, formSessionCookie, formSessionToken } from '../auth/form-session';
import { formText } from '../form-data';
import { adminMeta, buttonClass, inputClass, Notice, secondaryButtonClass } from '../ui';
import { siteFromMatches } from '../../seo';
import { ReportUpload } from './report-upload';
import { importFailure, importSuccess, REVENUE_FIELDS, REVENUE_INTENT, type RevenueOutcome } from './revenue-data';
import { REVENUE_TEXT } from './revenue-text';
import type { Route } from './+types/report-upload-route';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Importa un report dei guadagni', siteFromMatches(matches).siteName);
}

const INTENT = { login: 'login', logout: 'logout', upload: REVENUE_INTENT.upload } as const;

const UPLOAD_TEXT = {
  loginRequired: 'Inserisci username e password',
  loginFailed: 'Errore durante il login',
  signedOut: 'Sessione terminata o scaduta: accedi di nuovo.',
} as const;

type Services = Pick<AppServices, 'auth' | 'revenue'>;

/**
 * The cookie's Path: the Guadagni folder, not the page itself, because with JavaScript the page's loader and
 * action are fetched at `/admin/revenue/upload.data`, which a Path of `/admin/revenue/upload` does not cover.
 * Nothing else under it reads the cookie; the API (`/api/...`) never receives it.
 */
function cookieScope(context: Route.LoaderArgs['context']) {
  return { path: paths.admin.revenue(), secure: context.config.publicBaseUrl.startsWith('https://') };
}

/** The session the cookie names, or null (no cookie, or one the server no longer accepts). */
async function sessionOf(request: Request, services: Services) {
  const token = formSessionToken(request);
  return token ? services.auth.authenticate(token) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await sessionOf(request, context.services);
  const stale = !session && formSessionToken(request) !== null;
  // A cookie the server refuses (expired, signed out elsewhere) is removed, as the admin app drops its token.
  return data({ username: session?.user.username ?? null }, stale ? { headers: { 'Set-Cookie': clearedFormSessionCookie(cookieScope(context)) } } : undefined);
}

/** The document carries an action's Retry-After (a refused sign-in); Set-Cookie passes on its own. */
export function headers({ actionHeaders }: Route.HeadersArgs): Record<string, string> {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter === null ? {} : { 'Retry-After': retryAfter };
}

export interface UploadPageResult {
  /** The sign-in form's error, when it was the one submitted. */
  loginError?: string;
  outcome?: RevenueOutcome;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const scope = cookieScope(context);
  const form = await request.formData();
  const intent = formText(form, REVENUE_FIELDS.intent);

  if (intent === INTENT.login) {
    const username = formText(form, 'username').trim();
    const password = formText(form, 'password');
    if (!username || !password) return data<UploadPageResult>({ loginError: UPLOAD_TEXT.loginRequired }, 400);
    try {
      const { token } = await services.auth.login({ username, password, ip: context.clientIp, userAgent: request.headers.get('User-Agent') });
      // Back to this page by GET (post/redirect/get), whose loader then reads the new cookie.
      return redirect(paths.admin.revenueUpload(), { status: 303, headers: { 'Set-Cookie': formSessionCookie(token, scope) } });
    } catch (error) {
      if (!isAppError(error)) throw error;
      // Too many attempts: the same Retry-After the API's login answers with.
      const retryAfter = error.extras.retryAfterSeconds;
      const headers: Record<string, string> = retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) };
      return data<UploadPageResult>({ loginError: error.message || UPLOAD_TEXT.loginFailed }, { status: error.status, headers });
    }
  }

  const session = await sessionOf(request, services);
  if (!session) return data<UploadPageResult>({ loginError: UPLOAD_TEXT.signedOut }, { status: 401, headers: { 'Set-Cookie': clearedFormSessionCookie(scope) } });

  if (intent === INTENT.logout) {
    await services.auth.logout(session);
    return redirect(paths.admin.revenueUpload(), { status: 303, headers: { 'Set-Cookie': clearedFormSessionCookie(scope) } });
  }

  const file = form.get(REVENUE_FIELDS.file);
  if (!(file instanceof File) || file.size === 0) return data<UploadPageResult>({ outcome: { ok: false, text: REVENUE_TEXT.noFile, intent, mapping: null } }, 400);
  // Checked as the API checks it: a report field and a header of at most 200 characters each.
  const mapping = headerMappingSchema.safeParse(mappingFieldsOf(form));
  if (!mapping.success) return data<UploadPageResult>({ outcome: importFailure(INVALID_MAPPING_MESSAGE, {}, []) }, 400);
  try {
    const result = await services.revenue.importReport({
      fileName: file.name || 'report.csv',
      bytes: new Uint8Array(await file.arrayBuffer()),
      mapping: mapping.data,
      importedBy: session.user.username,
    });
    return data<UploadPageResult>({ outcome: importSuccess(result) }, result.already_imported ? 200 : 201);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const outcome = importFailure(error.message || REVENUE_TEXT.importFailed, error.extras.fields ?? {}, error.extras.details ?? []);
    return data<UploadPageResult>({ outcome }, error.status);
  }
}

export default function ReportUploadPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <main className="flex min-h-screen justify-center bg-slate-100 px-4 py-12 dark:bg-slate-950">
      <div className="w-full max-w-2xl space-y-6">
        <div className="flex items-start justify-between gap-4">
          <h1 className="text-2xl font-bold">Importa un report dei guadagni</h1>
          <AdminThemeToggle />
        </div>
        {loaderData.username ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <p>
                Accesso come <strong>{loaderData.username}</strong>. Con JavaScript attivo, i guadagni per build e per prodotto sono nella schermata{' '}
                <Link to={paths.admin.revenue()} className="font-semibold text-violet-800 underline dark:text-violet-300">
                  Guadagni
                </Link>
                .
              </p>
              <Form method="post">
                <button type="submit" name={REVENUE_FIELDS.intent} value={INTENT.logout} className={secondaryButtonClass}>
                  Esci
                </button>
              </Form>
            </div>
            <ReportUpload outcome={actionData?.outcome ?? null} busy={busy} />
          </>
        ) : (
          <SignIn error={actionData?.loginError ?? null} busy={busy} />
        )}
      </div>
    </main>
  );
}

function SignIn({ error, busy }: { error: string | null; busy: boolean }) {
  return (
    <section aria-labelledby="upload-login-heading" className="rounded-2xl border border-slate-200 bg-white p-8 shadow-lg dark:border-slate-800 dark:bg-slate-900">
      <h2 id="upload-login-heading" className="text-lg font-semibold">
        Accedi per importare
      </h2>
      <Form method="post" className="mt-4 space-y-4" data-testid="upload-login-form">
        {error && (
          <Notice tone="error" testId="upload-login-error">
            {error}
          </Notice>
        )}
        <div>
          <label htmlFor="upload-username" className="mb-1 block text-sm font-medium">
            Username
          </label>
          <input id="upload-username" name="username" autoComplete="username" required className={inputClass} />
        </div>
        <div>
          <label htmlFor="upload-password" className="mb-1 block text-sm font-medium">
            Password
          </label>
          <input id="upload-password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
        </div>
        <button type="submit" name={REVENUE_FIELDS.intent} value={INTENT.login} disabled={busy} className={`${buttonClass} w-full`}>
          Accedi
        </button>
      </Form>
    </section>
  );
}
