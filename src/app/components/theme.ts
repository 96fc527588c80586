/**
 * Public light/dark theme (product spec, "States and transitions"): the stored choice wins, else the system
 * preference; follows system changes only while nothing is stored; default dark. The inline <head> script
 * (theme-init-script.ts) applies it before first paint, so there is no flash; the page script
 * (page-script/theme-toggle.ts) does the rest with these functions.
 */
export const THEME_STORAGE_KEY = 'theme';

export type Theme = 'light' | 'dark';

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function toggleTheme(): Theme {
  const next: Theme = document.documentElement.classList.contains('dark') ? 'light' : 'dark';
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  applyTheme(next);
  return next;
}

/** Follows the system theme while the visitor has not chosen one. Returns the unsubscribe function. */
export function followSystemTheme(): () => void {
  const query = window.matchMedia('(prefers-color-scheme: light)');
  const onChange = () => {
    if (!storedTheme()) applyTheme(query.matches ? 'light' : 'dark');
  };
  query.addEventListener('change', onChange);
  onChange(); // the system may have changed between the first paint and now
  return () => query.removeEventListener('change', onChange);
}
