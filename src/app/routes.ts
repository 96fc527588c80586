import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/**
 * The one route manifest. A route module sits in its feature's folder, beside the parts it renders:
 * public pages in public/<feature>/, admin screens in admin/<feature>/ (docs/architecture.md, "Where a new
 * feature goes"); its file name ends in -route so it is told apart from its screen and data modules.
 */
export default [
  index('public/home/home-route.tsx'),
  route('build/:slug', 'public/builds/build-route.tsx'),
  // The site search (decision 033).
  route('cerca', 'public/search/search-route.tsx'),
  // Two or three builds side by side.
  route('confronta', 'public/compare/compare-route.tsx'),
  // Parts of the builds at a new 30-day low (decision 046).
  route('offerte', 'public/deals/deals-route.tsx'),
  // Visitor alerts: the links of the alert mails and the no-JavaScript form's landing page.
  route('avvisi/conferma/:token', 'public/alerts/alert-confirm-route.tsx'),
  route('avvisi/annulla/:token', 'public/alerts/alert-unsubscribe-route.tsx'),
  route('avvisi/inviato', 'public/alerts/alert-sent-route.tsx'),
  // Admin CMS: data through clientLoader/clientAction (token in localStorage); admin-root-route holds the
  // theme, the shell verifies the session for every screen inside it (its id is named: session.ts reads its data).
  route('admin', 'admin/admin-root-route.tsx', [
    route('login', 'admin/auth/login-route.tsx'),
    route('logout', 'admin/auth/logout-route.ts'),
    // The report's import rendered on the server, for a browser without JavaScript: outside the shell, whose
    // session check needs JavaScript; its own cookie session (decision 047).
    route('revenue/upload', 'admin/revenue/report-upload-route.tsx'),
    layout('admin/admin-shell-route.tsx', { id: 'admin-shell' }, [
      index('admin/dashboard/dashboard-route.tsx'),
      route('builds', 'admin/builds/list/builds-list-route.tsx'),
      route('builds/new', 'admin/builds/editor/build-editor-route.tsx', { id: 'admin-build-new' }),
      route('builds/edit/:id', 'admin/builds/editor/build-editor-route.tsx', { id: 'admin-build-edit' }),
      route('alternatives', 'admin/alternatives/manager/alternatives-route.tsx'),
      // Resource routes of the build editor's alternatives panel (fetchers only, no screen).
      route('alternatives-for/:asin', 'admin/alternatives/panel/alternatives-for-route.ts'),
      route('alternative-groups', 'admin/alternatives/panel/alternative-groups-route.ts'),
      // Resource route of the build editor's history panel (fetchers only).
      route('build-history/:id', 'admin/builds/history/build-history-route.ts'),
      // Resource routes of the build editor's retailer search and lookup (fetchers only, no screen).
      route('retailer-search', 'admin/builds/editor/retailer/retailer-search-route.ts'),
      route('retailer-item', 'admin/builds/editor/retailer/retailer-item-route.ts'),
      route('replacements', 'admin/replacements/replacements-route.tsx'),
      // The visitors' alerts: targets and states (never an address), and the erase of an address.
      route('alerts', 'admin/alerts/alerts-route.tsx'),
      // The site search's synonyms (decision 041).
      route('synonyms', 'admin/synonyms/synonyms-route.tsx'),
      // The affiliate earnings from the Associates reports (decision 045).
      route('revenue', 'admin/revenue/revenue-route.tsx'),
      route('change-password', 'admin/auth/change-password-route.tsx'),
    ]),
  ]),
  route('*', 'public/not-found-route.tsx'),
] satisfies RouteConfig;
