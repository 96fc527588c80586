import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('build/:slug', 'routes/build.tsx'),
  // Admin CMS: client-side data (token in localStorage); admin-root holds the theme and the session.
  route('admin', 'routes/admin/admin-root.tsx', [
    route('login', 'routes/admin/login.tsx'),
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('builds', 'routes/admin/builds.tsx'),
      route('builds/new', 'routes/admin/build-editor.tsx', { id: 'admin-build-new' }),
      route('builds/edit/:id', 'routes/admin/build-editor.tsx', { id: 'admin-build-edit' }),
      route('alternatives', 'routes/admin/alternatives.tsx'),
      route('replacements', 'routes/admin/replacements.tsx'),
      route('change-password', 'routes/admin/change-password.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
