import { apiRequest } from '../api-client';
import type {
  MfaDisableInput,
  MfaSetupResponse,
  MfaStatus,
  MfaVerifyInput,
  SessionList,
  SignedIn,
} from '#shared/schemas/mfa-schemas';

/*
 * The second factor and the account's sessions (docs/decisions/0015-second-factor-and-sessions.md):
 * the sign-in's code step, enrolment and the Security cards of every area.
 */

/** The prefix of every query about the caller's second factor and sessions. */
export const SECURITY_QUERY_KEY = ['auth', 'security'] as const;
/** The second factor's status, for every token: refreshed once it is turned on or off. */
export const MFA_STATUS_QUERY_KEY = [...SECURITY_QUERY_KEY, 'mfa'] as const;
export const mfaStatusQueryKey = (token: string | null) =>
  [...MFA_STATUS_QUERY_KEY, token] as const;
export const sessionsQueryKey = (token: string | null) =>
  [...SECURITY_QUERY_KEY, 'sessions', token] as const;

export const fetchMfaStatus = (signal?: AbortSignal) =>
  apiRequest<MfaStatus>('/auth/mfa', { signal });

export const startMfaSetup = () =>
  apiRequest<MfaSetupResponse>('/auth/mfa/setup', { method: 'POST' });

export const enableMfa = (code: string) =>
  apiRequest<{ recoveryCodes: string[] }>('/auth/mfa/enable', { method: 'POST', body: { code } });

export const disableMfa = (input: MfaDisableInput) =>
  apiRequest<{ message: string }>('/auth/mfa/disable', { method: 'POST', body: input });

/** The code step after the password: answers the session, as a login does. */
export const verifyMfa = (input: MfaVerifyInput) =>
  apiRequest<SignedIn>('/auth/mfa/verify', { method: 'POST', body: input });

export const fetchSessions = (signal?: AbortSignal) =>
  apiRequest<SessionList>('/auth/sessions', { signal });

export const endSession = (id: string) =>
  apiRequest<{ message: string }>(`/auth/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
