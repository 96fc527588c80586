/** Hono context typing shared by the server's middleware and routes. */
import type { AuthSession } from '../modules/auth';

export interface AppEnv {
  Variables: {
    session: AuthSession;
  };
}
