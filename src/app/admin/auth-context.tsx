/**
 * Admin session (spec section 4): the stored token is verified at start-up (status 'loading' meanwhile);
 * a failed verification deletes it silently; login stores the token; logout and any 401 delete it and go
 * to /admin/login.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../common/paths';
import { api, clearToken, getToken, setToken, setUnauthorizedHandler } from './api-client';

export interface AuthUser {
  id: number;
  username: string;
}

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  login(username: string, password: string): Promise<AuthUser>;
  logout(): Promise<void>;
  /** Ends every session of the user (this one included) and goes to /admin/login. Throws an ApiError on failure. */
  logoutEverywhere(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<AuthUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');

  useEffect(() => {
    let active = true;
    if (!getToken()) {
      setStatus('anonymous');
      return;
    }
    api
      .get<{ user: AuthUser }>('/auth/verify', { redirectOn401: false })
      .then((body) => {
        if (!active) return;
        setUser(body.user);
        setStatus('authenticated');
      })
      .catch(() => {
        if (!active) return;
        clearToken();
        setUser(null);
        setStatus('anonymous');
      });
    return () => {
      active = false;
    };
  }, []);

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        setUser(null);
        setStatus('anonymous');
        navigate(paths.admin.login(), { replace: true });
      }),
    [navigate],
  );

  const login = useCallback(async (username: string, password: string) => {
    const body = await api.post<{ token: string; user: AuthUser }>('/auth/login', { username, password }, { redirectOn401: false });
    setToken(body.token);
    setUser(body.user);
    setStatus('authenticated');
    return body.user;
  }, []);

  const signedOut = useCallback(() => {
    clearToken();
    setUser(null);
    setStatus('anonymous');
    navigate(paths.admin.login(), { replace: true });
  }, [navigate]);

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout', undefined, { redirectOn401: false });
    } catch {
      // the token goes anyway
    }
    signedOut();
  }, [signedOut]);

  const logoutEverywhere = useCallback(async () => {
    // A failure keeps the author signed in here, so the screen can say that nothing happened.
    await api.post('/auth/logout-all');
    signedOut();
  }, [signedOut]);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, login, logout, logoutEverywhere }),
    [status, user, login, logout, logoutEverywhere],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() must be used inside <AuthProvider> (admin routes only).');
  return value;
}
