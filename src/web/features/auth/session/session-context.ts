import { createContext, useContext } from 'react';
import type { SessionUser } from '../../../app/session-storage';
import type { LoginInput } from '../../../../shared/schemas/auth-schemas';

/** The error docs/product.md, section 4 sets when the app starts without a stored session. */
export const SESSION_MISSING_ERROR = 'Session expired or not logged in';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  error: string | null;
}

export interface Session extends SessionState {
  status: 'authenticated' | 'unauthenticated';
  /** Calls the API, stores token, user and id; throws the ApiError of a refused login. */
  login(credentials: LoginInput): Promise<SessionUser>;
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

/** Where a signed-in user belongs: admins to the back office, customers to their dashboard. */
export function homePathFor(user: SessionUser): '/admin' | '/dashboard' {
  return user.role === 'ADMIN' ? '/admin' : '/dashboard';
}

export const profileQueryKey = (token: string | null) => ['auth', 'profile', token] as const;
