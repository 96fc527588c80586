/**
 * The `data-enhance` values that tie server-rendered elements to the page script's behaviours: the
 * components write them, the script looks for them, so neither spells a selector the other could miss.
 */
export const PAGE_HOOKS = {
  /** A button that switches between light and dark theme. */
  themeToggle: 'theme-toggle',
  /** The header's <details> menu (phones). */
  menu: 'menu',
  /** A row of filter chips that scrolls sideways on a phone. */
  chipRow: 'chip-row',
  /** An affiliate link whose clicks are counted: its `data-beacon` holds the beacon's JSON (click-beacons.ts). */
  clickBeacon: 'click-beacon',
} as const;

export type PageHook = keyof typeof PAGE_HOOKS;

export const hookSelector = (hook: PageHook) => `[data-enhance="${PAGE_HOOKS[hook]}"]`;
