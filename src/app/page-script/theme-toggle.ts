import { followSystemTheme, toggleTheme } from '../components/theme';
import { hookSelector } from './hooks';

/**
 * The theme toggle (product spec, "States and transitions"): a click stores the other theme and applies it;
 * while nothing is stored the page follows the system's light/dark changes. The choice before the first paint
 * is the <head> script's (THEME_INIT_SCRIPT), which also reveals the toggle (html.js, app.css).
 */
export function enhanceThemeToggle(): void {
  followSystemTheme();
  for (const button of document.querySelectorAll(hookSelector('themeToggle'))) button.addEventListener('click', () => toggleTheme());
}
