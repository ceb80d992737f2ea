import { ORG_ROLES } from '#shared/organization-roles';
import type { PublicUser } from '#shared/schemas/user-schemas';

/**
 * The keys docs/product.md, section 6 names: the session lives in localStorage under
 * `token`, `user` and `id`.
 */
export const sessionKeys = { token: 'token', user: 'user', id: 'id' } as const;

/**
 * What the app keeps of the signed-in user: the login answer, without profile details. A
 * customer's organization and role decide what their screens offer
 * (docs/decisions/0014-organizations.md).
 */
export type SessionUser = Pick<PublicUser, 'id' | 'email' | 'role' | 'userType' | 'name'> &
  Partial<Pick<PublicUser, 'organization'>>;

function parseOrganization(value: unknown): PublicUser['organization'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, name, role } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string') return undefined;
  if (!(ORG_ROLES as readonly unknown[]).includes(role)) return undefined;
  return { id, name, role: role as (typeof ORG_ROLES)[number] };
}

export interface StoredSession {
  token: string;
  user: SessionUser;
}

type SessionListener = (session: StoredSession | null) => void;
const listeners = new Set<SessionListener>();

export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(sessionKeys.token);
  } catch {
    return null;
  }
}

function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const user = value as Partial<SessionUser>;
    if (typeof user.id !== 'string' || typeof user.role !== 'string') return null;
    return {
      id: user.id,
      // Null for a driver, who signs in by phone.
      email: typeof user.email === 'string' ? user.email : null,
      role: user.role,
      userType: user.userType ?? null,
      name: typeof user.name === 'string' ? user.name : '',
      ...withOrganization(parseOrganization(user.organization)),
    };
  } catch {
    return null;
  }
}

/** The stored session, only when both the token and a readable user are there. */
export function readStoredSession(): StoredSession | null {
  try {
    const token = window.localStorage.getItem(sessionKeys.token);
    const user = parseStoredUser(window.localStorage.getItem(sessionKeys.user));
    return token && user ? { token, user } : null;
  } catch {
    return null;
  }
}

const withOrganization = (organization: PublicUser['organization']) =>
  organization ? { organization } : {};

export function toSessionUser(user: SessionUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    userType: user.userType,
    name: user.name,
    ...withOrganization(user.organization),
  };
}

export function storeSession(session: StoredSession): void {
  const user = toSessionUser(session.user);
  window.localStorage.setItem(sessionKeys.token, session.token);
  window.localStorage.setItem(sessionKeys.user, JSON.stringify(user));
  window.localStorage.setItem(sessionKeys.id, user.id);
  listeners.forEach((listener) => listener({ token: session.token, user }));
}

/** Removes token, user and id, and tells whoever listens (the session provider). */
export function clearStoredSession(): void {
  try {
    for (const key of Object.values(sessionKeys)) window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: there is nothing stored to clear.
  }
  listeners.forEach((listener) => listener(null));
}

/** Follows changes made through this module; returns the unsubscribe function. */
export function subscribeToSession(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
