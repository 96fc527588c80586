import { PAGE_HOOKS } from '../page-script/hooks';
import { MoonIcon, SunIcon } from './icons';

/**
 * Works through the page script (page-script/theme-toggle.ts); hidden without JavaScript (data-needs-js,
 * app.css), where it could not work. Both icons are rendered and CSS shows the one for the current theme.
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center gap-2 rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-500 dark:text-slate-200 dark:hover:bg-slate-800 ${className}`}
      aria-label="Cambia tema chiaro/scuro"
      data-enhance={PAGE_HOOKS.themeToggle}
      data-needs-js=""
      data-testid="theme-toggle"
    >
      <SunIcon className="hidden dark:block" />
      <MoonIcon className="block dark:hidden" />
    </button>
  );
}
