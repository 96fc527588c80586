import { MoonIcon, SunIcon } from './icons';
import { toggleTheme } from './theme';

/** Both icons are rendered and CSS shows the right one, so server and client markup always agree. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  return (
    <button
      type="button"
      onClick={() => toggleTheme()}
      className={`inline-flex items-center gap-2 rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-500 dark:text-slate-200 dark:hover:bg-slate-800 ${className}`}
      aria-label="Cambia tema chiaro/scuro"
      data-testid="theme-toggle"
    >
      <SunIcon className="hidden dark:block" />
      <MoonIcon className="block dark:hidden" />
    </button>
  );
}
