/**
 * The admin session through the router (product spec, "States and transitions"): the layout's clientLoader verifies
 * the stored token before any screen renders; a token the server refuses is removed silently and the visitor goes to
 * /admin/login. Every later API call re-checks it: a 401 anywhere clears it and redirects (api/api-request.ts).
 */
import { redirect, useRouteLoaderData } from 'react-router';
import { paths } from '../../common/paths';
import type { AuthUser } from '../../modules/auth/auth.schema';
import { authApi, clearToken, getToken } from './api';

/** The route id of the protected admin shell (routes.ts), whose loader data holds the signed-in user. */
export const ADMIN_SHELL_ROUTE_ID = 'admin-shell';

/** The signed-in user, or null (no token, or one the server no longer accepts, which is then removed). */
export async function currentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  if (!getToken()) return null;
  try {
    return (await authApi.verifySession(signal)).user;
  } catch (error) {
    if (signal?.aborted) throw error;
    // Spec: a failed verification deletes the token silently, whatever the reason.
    clearToken();
    return null;
  }
}

/** For the protected shell's loader: the user, or the redirect to the login page to return. */
export async function userOrLogin(signal?: AbortSignal): Promise<{ user: AuthUser } | Response> {
  const user = await currentUser(signal);
  return user ? { user } : redirect(paths.admin.login());
}

/** The signed-in user, in any screen inside the protected shell. */
export function useAdminUser(): AuthUser {
  const data = useRouteLoaderData<{ user: AuthUser }>(ADMIN_SHELL_ROUTE_ID);
  if (!data) throw new Error('useAdminUser() is only available inside the protected admin shell.');
  return data.user;
}

/** Ends this session on the server (best effort: the token goes anyway) and leaves for the login page. */
export async function signOut(signal?: AbortSignal): Promise<Response> {
  try {
    await authApi.logout(signal);
  } catch {
    // already revoked or unreachable: forgetting the token locally is what matters
  }
  clearToken();
  return redirect(paths.admin.login());
}
