import { createContext, useContext } from 'react';
import type { SessionUser } from '../session-storage';
import type { LoginInput } from '#shared/schemas/auth-schemas';
import type { MfaChallenge } from '#shared/schemas/mfa-schemas';

/** The error docs/product.md, section 4 sets when the app starts without a stored session. */
export const SESSION_MISSING_ERROR = 'Session expired or not logged in';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  error: string | null;
}

export interface Session extends SessionState {
  status: 'authenticated' | 'unauthenticated';
  /**
   * Calls the API, stores token, user and id; throws the ApiError of a refused login. An account
   * with a second factor gets the code step instead, and nothing is stored until signIn.
   */
  login(credentials: LoginInput): Promise<SessionUser | MfaChallenge>;
  /** Stores the session a sign-in answered (a driver's code sign-in), as login does. */
  signIn(answer: { token: string; user: SessionUser }): Promise<SessionUser>;
  /** Tells the server, then always clears the stored session and goes to /login. */
  logout(): Promise<void>;
  /** Keeps the stored user in step with what the server says (e.g. a changed role). */
  updateUser(user: SessionUser): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it');
  return session;
}

/**
 * Where a signed-in user belongs: admins to the back office, drivers to their page
 * (docs/decisions/0009-drivers.md), customers to their dashboard.
 */
export function homePathFor(user: SessionUser): '/admin' | '/dashboard' | '/driver' {
  if (user.role === 'ADMIN') return '/admin';
  if (user.role === 'DRIVER') return '/driver';
  return '/dashboard';
}

/** Drivers sign in by phone on their own screen; everyone else with email and password. */
export function loginPathFor(user: Pick<SessionUser, 'role'> | null): '/login' | '/driver/login' {
  return user?.role === 'DRIVER' ? '/driver/login' : '/login';
}

export const profileQueryKey = (token: string | null) => ['auth', 'profile', token] as const;
