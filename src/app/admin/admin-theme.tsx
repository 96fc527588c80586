/**
 * Admin theme (product spec, "States and transitions"): the remembered choice (localStorage 'admin-dark-mode',
 * 'true'/'false') wins, else the system preference; applied as admin-dark / admin-light on <html>. The Tailwind
 * `dark` class is kept in step so the shared dark: styles apply. The inline script (theme-script.ts) sets it before
 * first paint; this provider keeps it in step with the system and the toggle.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { MoonIcon, SunIcon } from '../components/icons';
import { ADMIN_THEME_STORAGE_KEY } from './theme-script';

function storedAdminDark(): boolean | null {
  try {
    const value = localStorage.getItem(ADMIN_THEME_STORAGE_KEY);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

function systemDark(): boolean {
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyAdminTheme(dark: boolean): void {
  const root = document.documentElement;
  root.classList.remove('admin-dark', 'admin-light');
  root.classList.add(dark ? 'admin-dark' : 'admin-light');
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

interface AdminThemeValue {
  /** null before hydration (the server cannot know). */
  dark: boolean | null;
  toggle: () => void;
}

const AdminThemeContext = createContext<AdminThemeValue | null>(null);

export function AdminThemeProvider({ children }: { children: ReactNode }) {
  const [dark, setDark] = useState<boolean | null>(null);

  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const sync = () => {
      const value = storedAdminDark() ?? systemDark();
      applyAdminTheme(value);
      setDark(value);
    };
    sync();
    query.addEventListener('change', sync);
    return () => query.removeEventListener('change', sync);
  }, []);

  const toggle = useCallback(() => {
    const next = !document.documentElement.classList.contains('admin-dark');
    try {
      localStorage.setItem(ADMIN_THEME_STORAGE_KEY, String(next));
    } catch {
      // storage disabled: the choice lasts for this page only
    }
    applyAdminTheme(next);
    setDark(next);
  }, []);

  const value = useMemo(() => ({ dark, toggle }), [dark, toggle]);
  return <AdminThemeContext.Provider value={value}>{children}</AdminThemeContext.Provider>;
}

export function useAdminTheme(): AdminThemeValue {
  const value = useContext(AdminThemeContext);
  if (!value) throw new Error('useAdminTheme() must be used inside <AdminThemeProvider> (admin routes only).');
  return value;
}

/** Both icons are rendered and CSS shows the right one, so server and client markup agree. */
export function AdminThemeToggle({ className = '', withLabel = false }: { className?: string; withLabel?: boolean }) {
  const { toggle } = useAdminTheme();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label="Cambia tema chiaro/scuro"
      data-testid="admin-theme-toggle"
      className={`inline-flex items-center gap-2 rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:text-slate-200 dark:hover:bg-slate-800 ${className}`}
    >
      <SunIcon className="hidden dark:block" />
      <MoonIcon className="block dark:hidden" />
      {withLabel && <span aria-hidden="true">Tema</span>}
    </button>
  );
}
