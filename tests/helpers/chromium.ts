/**
 * Debian's Chromium as the browser tests and benchmarks launch it. The flags keep it from reaching
 * Google's hosts (this machine's network is closed) and let it run as root in a container.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
