import { hookSelector } from './hooks';

/**
 * The phone menu is a <details>: it opens and closes without JavaScript. This adds what a menu is
 * expected to do besides: Escape closes it (focus back on its button), and so do a click outside it and
 * a click on one of its links (a link to a place on the same page, /#builds on the home page, loads no
 * new document, so the menu would stay open over the content).
 */
export function enhanceMenu(): void {
  for (const menu of document.querySelectorAll<HTMLDetailsElement>(hookSelector('menu'))) {
    const button = menu.querySelector('summary');
    menu.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !menu.open) return;
      menu.open = false;
      button?.focus();
    });
    menu.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a')) menu.open = false;
    });
    document.addEventListener('click', (event) => {
      if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    });
  }
}
