import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router';
import {
  clearStoredSession,
  readStoredSession,
  readStoredToken,
  sessionKeys,
  storeSession,
  subscribeToSession,
  toSessionUser,
  type SessionUser,
  type StoredSession,
} from '../session-storage';
import type { LoginInput } from '#shared/schemas/auth-schemas';
import { adoptAccountLocale } from '../../i18n/set-locale';
import { loginRequest, logoutRequest } from './session-api';
import {
  loginPathFor,
  profileQueryKey,
  SESSION_MISSING_ERROR,
  SessionContext,
  type Session,
  type SessionState,
} from './session-context';

function stateFrom(stored: StoredSession | null): SessionState {
  return stored
    ? { token: stored.token, user: stored.user, error: null }
    : { token: null, user: null, error: SESSION_MISSING_ERROR };
}

const sameUser = (a: SessionUser | null, b: SessionUser) =>
  a !== null &&
  a.id === b.id &&
  a.email === b.email &&
  a.role === b.role &&
  a.userType === b.userType &&
  a.name === b.name &&
  a.organization?.id === b.organization?.id &&
  a.organization?.name === b.organization?.name &&
  a.organization?.role === b.organization?.role;

/** The query cache, loaded on demand: the landing page carries no TanStack Query code. */
async function loadQueryClient() {
  return (await import('../query-client')).queryClient;
}

/**
 * The session of docs/product.md, section 4. Light on purpose (no form or schema code): it wraps
 * every route, the landing page included.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // Restored at start only when both the token and the user are stored.
  const [state, setState] = useState<SessionState>(() => stateFrom(readStoredSession()));

  useEffect(() => {
    // A token without its user is a broken leftover: drop it so no screen trusts it.
    if (!readStoredSession() && readStoredToken() !== null) clearStoredSession();
    const unsubscribe = subscribeToSession((stored) => setState(stateFrom(stored)));
    // Another tab logged in or out.
    const onStorage = (event: StorageEvent) => {
      const keys: readonly string[] = Object.values(sessionKeys);
      if (event.key === null || keys.includes(event.key)) setState(stateFrom(readStoredSession()));
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const signIn = useCallback(async ({ token, user }: { token: string; user: SessionUser }) => {
    // The account's language (docs/decisions/0010-languages.md), before its first screen shows.
    await adoptAccountLocale((user as { locale?: unknown }).locale);
    const queryClient = await loadQueryClient();
    // Nothing cached for a previous account may show to this one.
    queryClient.clear();
    const sessionUser = toSessionUser(user);
    // The login answer is fresh: the guards need not ask the server again.
    queryClient.setQueryData(profileQueryKey(token), sessionUser);
    storeSession({ token, user: sessionUser });
    return sessionUser;
  }, []);

  const login = useCallback(
    async (credentials: LoginInput) => {
      const answer = await loginRequest(credentials);
      return 'mfaRequired' in answer ? answer : signIn(answer);
    },
    [signIn],
  );

  const logout = useCallback(async () => {
    const stored = readStoredSession();
    // This device forgets the session and leaves its screens (their live stream closes) before
    // the server revokes it: otherwise a refetch the revocation set off went out with the
    // revoked token and came back 401.
    clearStoredSession();
    (await loadQueryClient()).clear();
    await navigate(loginPathFor(stored?.user ?? null), { replace: true });
    if (!stored?.token) return;
    try {
      await logoutRequest(stored.token);
    } catch {
      // The session has ended on this device whatever the server answered.
    }
  }, [navigate]);

  const updateUser = useCallback(
    (user: SessionUser) => {
      if (state.token && !sameUser(state.user, user)) storeSession({ token: state.token, user });
    },
    [state.token, state.user],
  );

  const session = useMemo<Session>(
    () => ({
      ...state,
      status: state.token && state.user ? 'authenticated' : 'unauthenticated',
      login,
      signIn,
      logout,
      updateUser,
    }),
    [state, login, signIn, logout, updateUser],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The root route's element: every screen below can read the session. */
export function SessionRoot() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}
