/** What every page loader receives from the server (see server/pages.ts). */
import type { PublicConfig } from '../config/env';
import type { AppServices } from '../modules/services';

declare module 'react-router' {
  interface AppLoadContext {
    services: AppServices;
    config: PublicConfig;
  }
}

export {};
