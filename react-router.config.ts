import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/app',
  buildDirectory: 'build',
  ssr: true,
  // Every page carries the whole route manifest (a few KB, no code): after hydration the browser does
  // not fetch /__manifest for the links on the page, one request and one main-thread task less.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
