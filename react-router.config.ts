import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/app',
  buildDirectory: 'build',
  ssr: true,
  // Every page carries the whole route manifest (a few KB, no code): after hydration the browser does
  // not fetch /__manifest for the links on the page, one request and one main-thread task less.
  routeDiscovery: { mode: 'initial' },
  // React Router 8's behaviours, stated rather than left undecided (an undecided flag prints a warning on
  // every build). Each one changes something the site relies on (the load context and middleware, the
  // route chunks, the build pipeline, how requests and trailing slashes reach loaders): adopting one is a
  // change of its own, with its tests, not a side effect of quieting the build.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
