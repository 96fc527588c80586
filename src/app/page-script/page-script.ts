/**
 * The one script of the public pages (decision 017). Public pages are documents: React renders them on
 * the server and they are not hydrated, so links, <details> and CSS do the work, and this script adds
 * only what needs a script. Everything it does is an enhancement; with JavaScript off every page still
 * works, the theme toggle aside (hidden then, see app.css).
 *
 * The build bundles and minifies it on its own (scripts/vite-inline-script.ts) and root.tsx inlines it at
 * the end of <body>, after the elements it enhances: no request, no framework. Budget: at most 15 KB gzip
 * of script per public page, the <head> theme script included (tests/e2e/public-script.e2e.test.ts).
 *
 * Adding behaviour: a function in its own file that finds its elements by a `data-enhance` hook
 * (hooks.ts) and does nothing on a page without them, called below.
 */
import { enhanceChipRows } from './chip-rows';
import { enhanceClickBeacons } from './click-beacons';
import { enhanceMenu } from './menu';
import { enhanceThemeToggle } from './theme-toggle';

enhanceThemeToggle();
enhanceMenu();
enhanceChipRows();
enhanceClickBeacons();
