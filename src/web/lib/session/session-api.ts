import { apiRequest } from '../api-client';
import type { SessionUser } from '../session-storage';
import type { ChangePasswordInput, LoginInput } from '#shared/schemas/auth-schemas';
import type { PublicUser } from '#shared/schemas/user-schemas';
import type { MfaChallenge } from '#shared/schemas/mfa-schemas';

/**
 * The calls on the signed-in account's session (docs/product.md, section 7), used by the session
 * provider and by the account screens of every area.
 */
interface MessageResponse {
  message: string;
}

/** A session, or the code step for an account with a second factor. */
export const loginRequest = (credentials: LoginInput) =>
  apiRequest<{ token: string; user: SessionUser } | MfaChallenge>('/auth/login', {
    method: 'POST',
    body: credentials,
  });

/** Ends the session of `token`: sent after this device has already forgotten it (session-provider). */
export const logoutRequest = (token: string) =>
  apiRequest<MessageResponse>('/auth/logout', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });

export const fetchProfile = (signal?: AbortSignal) =>
  apiRequest<{ user: PublicUser }>('/auth/profile', { signal });

/** The other sessions end; this one stays (docs/decisions/0011-hardening.md). */
export const changePassword = (input: ChangePasswordInput) =>
  apiRequest<MessageResponse>('/auth/change-password', { method: 'POST', body: input });

/** Answers how many other sessions it ended. */
export const logoutOtherSessions = () =>
  apiRequest<MessageResponse & { ended: number }>('/auth/logout-others', { method: 'POST' });
