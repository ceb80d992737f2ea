import { apiRequest } from '../../../app/api-client';
import type { SessionUser } from '../../../app/session-storage';
import type {
  ChangePasswordInput,
  CompanyRegistrationInput,
  ForgotPasswordInput,
  IndividualRegistrationInput,
  LoginInput,
} from '#shared/schemas/auth-schemas';
import type { PublicUser } from '#shared/schemas/user-schemas';

/** The auth calls of docs/product.md, section 7, all through the one API client. */
interface MessageResponse {
  message: string;
}

export const loginRequest = (credentials: LoginInput) =>
  apiRequest<{ token: string; user: SessionUser }>('/auth/login', {
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

/** The confirmation field stays in the form: it never travels to the server. */
export const registerAccount = (payload: CompanyRegistrationInput | IndividualRegistrationInput) =>
  apiRequest<MessageResponse & { user: PublicUser }>('/auth/register', {
    method: 'POST',
    body: payload,
  });

export const requestPasswordReset = (input: ForgotPasswordInput) =>
  apiRequest<MessageResponse>('/auth/forgetPassword', { method: 'POST', body: input });

export const resetPassword = (token: string, password: string, confirmPassword: string) =>
  apiRequest<MessageResponse>(`/auth/reset_password/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { password, confirmPassword, token },
  });

/** The other sessions end; this one stays (docs/decisions/0011-hardening.md). */
export const changePassword = (input: ChangePasswordInput) =>
  apiRequest<MessageResponse>('/auth/change-password', { method: 'POST', body: input });

/** Answers how many other sessions it ended. */
export const logoutOtherSessions = () =>
  apiRequest<MessageResponse & { ended: number }>('/auth/logout-others', { method: 'POST' });
