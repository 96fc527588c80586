/** Hono context typing shared by the server's middleware and routes. */
import type { AuthSession } from '../modules/auth/auth.service';

export interface AppEnv {
  Variables: {
    session: AuthSession;
  };
}
