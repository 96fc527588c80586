/** What every page loader receives from the server (see server/pages.ts). */
import type { PublicConfig } from '../config/env';
import type { AppServices } from '../modules/services';

declare module 'react-router' {
  interface AppLoadContext {
    services: AppServices;
    config: PublicConfig;
    /** A fresh random nonce for this answer's inline scripts; the admin's CSP allows it (decision 026). */
    scriptNonce: string;
    /** The caller's address as the API reads it (TRUST_PROXY): the plain sign-in form's throttle counts by it. */
    clientIp: string;
  }
}

export {};
