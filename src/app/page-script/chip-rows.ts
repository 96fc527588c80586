import { hookSelector } from './hooks';

/**
 * On a phone the home page's filter chips scroll sideways in one row (home-route.tsx). A filter is a link, so
 * choosing one loads a new page whose row starts scrolled to the left: this brings the chosen chip
 * (aria-current) back into the middle of its row. Only the row scrolls, never the page.
 */
export function enhanceChipRows(): void {
  for (const row of document.querySelectorAll<HTMLElement>(hookSelector('chipRow'))) {
    const current = row.querySelector<HTMLElement>('[aria-current]');
    if (!current || row.scrollWidth <= row.clientWidth) continue;
    const rowBox = row.getBoundingClientRect();
    const chipBox = current.getBoundingClientRect();
    row.scrollLeft += chipBox.left - rowBox.left - (rowBox.width - chipBox.width) / 2;
  }
}
