import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('build/:slug', 'routes/build.tsx'),
  // The site search (decision 033).
  route('cerca', 'routes/search.tsx'),
  // Two or three builds side by side.
  route('confronta', 'routes/compare.tsx'),
  // Parts of the builds at a new 30-day low (decision 046).
  route('offerte', 'public/deals/deals-page.tsx'),
  // Visitor alerts: the links of the alert mails and the no-JavaScript form's landing page.
  route('avvisi/conferma/:token', 'routes/alert-confirm.tsx'),
  route('avvisi/annulla/:token', 'routes/alert-unsubscribe.tsx'),
  route('avvisi/inviato', 'routes/alert-sent.tsx'),
  // Admin CMS: data through clientLoader/clientAction (token in localStorage); admin-root holds the theme,
  // layout verifies the session for every screen inside it.
  route('admin', 'routes/admin/admin-root.tsx', [
    route('login', 'routes/admin/login.tsx'),
    route('logout', 'routes/admin/logout.ts'),
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('builds', 'routes/admin/builds.tsx'),
      route('builds/new', 'routes/admin/build-editor.tsx', { id: 'admin-build-new' }),
      route('builds/edit/:id', 'routes/admin/build-editor.tsx', { id: 'admin-build-edit' }),
      route('alternatives', 'routes/admin/alternatives.tsx'),
      // Resource routes of the build editor's alternatives panel (fetchers only, no screen).
      route('alternatives-for/:asin', 'routes/admin/alternatives-for.$asin.ts'),
      route('alternative-groups', 'routes/admin/alternative-groups.ts'),
      // Resource route of the build editor's history panel (fetchers only).
      route('build-history/:id', 'routes/admin/build-history.$id.ts'),
      // Resource routes of the build editor's retailer search and lookup (fetchers only, no screen).
      route('retailer-search', 'routes/admin/retailer-search.ts'),
      route('retailer-item', 'routes/admin/retailer-item.ts'),
      route('replacements', 'routes/admin/replacements.tsx'),
      // The visitors' alerts: targets and states (never an address), and the erase of an address.
      route('alerts', 'routes/admin/alerts.tsx'),
      // The site search's synonyms (decision 041).
      route('synonyms', 'routes/admin/synonyms.tsx'),
      route('change-password', 'routes/admin/change-password.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
