/**
 * Protected admin shell (product spec, "Screens and routes"): sidebar, username, theme toggle, logout, link to the site.
 * Its clientLoader verifies the session before any screen renders (spinner meanwhile); while a screen's
 * own loader runs, the shell shows the router's pending state instead of the previous screen's data.
 */
import { useState } from 'react';
import { Form, NavLink, Outlet, useLocation, useNavigation, useRouteLoaderData } from 'react-router';
import { paths } from '../../common/paths';
import { AdminThemeToggle } from './admin-theme';
import { userOrLogin } from './session';
import { AdminSpinner, NoScriptNotice } from './ui';
import { CloseIcon, CpuIcon, MenuIcon } from '../components/icons';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/admin-shell-route';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return userOrLogin(request.signal);
}

/**
 * Verified once per entry into the admin: every API call re-checks the token anyway (a 401 anywhere goes
 * to the login page), so moving between screens or saving does not call /auth/verify again.
 */
export function shouldRevalidate() {
  return false;
}

export function HydrateFallback() {
  return (
    <>
      <AdminSpinner label="Verifica della sessione..." />
      <NoScriptNotice />
    </>
  );
}

const NAV = [
  { to: paths.admin.home(), label: 'Dashboard', end: true },
  { to: paths.admin.builds(), label: 'Build', end: false },
  { to: paths.admin.alternatives(), label: 'Alternative', end: false },
  { to: paths.admin.replacements(), label: 'Sostituzioni', end: false },
  { to: paths.admin.alerts(), label: 'Avvisi', end: false },
  { to: paths.admin.revenue(), label: 'Guadagni', end: false },
  { to: paths.admin.synonyms(), label: 'Sinonimi', end: false },
  { to: paths.admin.changePassword(), label: 'Cambia Password', end: false },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 ${
    isActive ? 'bg-violet-700 text-white' : 'text-slate-800 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

export default function AdminLayout({ loaderData: { user } }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const siteName = useRouteLoaderData<typeof rootLoader>('root')?.siteName ?? 'Build PC';
  // The mobile menu closes on every navigation: it remembers the location it was opened at.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const loggingOut = navigation.formAction === paths.admin.logout();
  // Going to another screen: its loader is running, so the old screen's data must not stay on show.
  const switchingScreen = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;

  return (
    <div className="min-h-screen bg-slate-100 text-slate-900 lg:flex dark:bg-slate-950 dark:text-slate-100" data-testid="admin-shell">
      <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden dark:border-slate-800 dark:bg-slate-900">
        <span className="flex items-center gap-2 font-bold">
          <CpuIcon /> {siteName} CMS
        </span>
        <button
          type="button"
          onClick={() => setOpenAt(open ? null : location.key)}
          aria-expanded={open}
          aria-controls="admin-sidebar"
          aria-label={open ? 'Chiudi il menu' : 'Apri il menu'}
          data-testid="admin-menu-button"
          className="rounded-lg p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-500 dark:hover:bg-slate-800"
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
      <aside
        id="admin-sidebar"
        aria-label="Menu amministrazione"
        className={`${open ? 'flex' : 'hidden'} flex-col gap-6 border-r border-slate-200 bg-white p-4 lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 dark:border-slate-800 dark:bg-slate-900`}
      >
        <div className="hidden items-center gap-2 text-lg font-bold lg:flex">
          <CpuIcon /> {siteName} CMS
        </div>
        <nav aria-label="Amministrazione">
          <ul className="space-y-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Accesso come <strong data-testid="admin-username">{user.username}</strong>
          </p>
          <div className="flex items-center gap-2">
            <AdminThemeToggle withLabel />
          </div>
          <a href={paths.home()} className="flex items-center gap-2 rounded-lg px-3 py-2 font-medium text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-violet-500 dark:text-slate-200 dark:hover:bg-slate-800">
            Visualizza Sito
          </a>
          <Form method="post" action={paths.admin.logout()}>
            <button
              type="submit"
              disabled={loggingOut}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-violet-500 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950/60"
            >
              Esci
            </button>
          </Form>
        </div>
      </aside>
      <main id="admin-main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        {switchingScreen ? <AdminSpinner label="Caricamento..." /> : <Outlet />}
      </main>
    </div>
  );
}
