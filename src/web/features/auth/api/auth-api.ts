import { apiRequest } from '../../../lib/api-client';
import type {
  CompanyRegistrationInput,
  ForgotPasswordInput,
  IndividualRegistrationInput,
} from '#shared/schemas/auth-schemas';
import type { InvitationAcceptInput } from '#shared/schemas/org-schemas';
import type { PublicUser } from '#shared/schemas/user-schemas';

/**
 * The sign-up and password-reset calls of docs/product.md, section 7, all through the one API
 * client; signing in and out is the session's (lib/session/session-api.ts).
 */
interface MessageResponse {
  message: string;
}

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

/** A new member of an organization, signed in (docs/decisions/0014-organizations.md). */
export const acceptInvitation = (input: InvitationAcceptInput) =>
  apiRequest<{ token: string; user: PublicUser }>('/org/invitations/accept', {
    method: 'POST',
    body: input,
  });
