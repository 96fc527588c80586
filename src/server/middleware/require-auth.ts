/** Every admin route needs a valid session; anything else is a 401 (the client then logs out). */
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../common/errors';
import type { AuthService } from '../../modules/auth';
import type { AppEnv } from '../hono-env';

export function requireAuth(auth: AuthService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError('UNAUTHORIZED', 'Autenticazione richiesta');
    const session = await auth.authenticate(match[1]!);
    if (!session) throw new AppError('UNAUTHORIZED', 'Sessione non valida o scaduta. Accedi di nuovo.');
    c.set('session', session);
    await next();
  };
}
