/**
 * The second factor and the account's sessions (docs/decisions/0015-second-factor-and-sessions.md):
 * request and answer bodies of /api/auth/mfa/* and /api/auth/sessions, read by the server's
 * routes, the sign-in and enrolment forms and the tests.
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { LoginPasswordSchema } from './auth-schemas';
import { PublicUserSchema } from './user-schemas';

/** Recovery codes given at enrolment: ten, each once. */
export const RECOVERY_CODE_COUNT = 10;

const CODE_MESSAGE = messageKey('mfa.code_format');

/** A 6-digit TOTP code; spaces a user typed between the digit groups are dropped first. */
export const TotpCodeSchema = z
  .string({ error: CODE_MESSAGE })
  .max(20, CODE_MESSAGE)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE));

/** A recovery code as printed (`abcde-fghij`); case, spaces and the dash are not significant. */
export const RecoveryCodeSchema = z
  .string({ error: messageKey('validation.required') })
  .max(40, messageKey('validation.too_long', { max: 40 }))
  .transform((value) => value.toLowerCase().replace(/[^a-z0-9]/g, ''))
  .pipe(z.string().min(1, messageKey('validation.required')));

export const MfaSetupResponseSchema = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG document. */
  qrSvg: z.string(),
});
export type MfaSetupResponse = z.infer<typeof MfaSetupResponseSchema>;

export const MfaEnableSchema = z.object({ code: TotpCodeSchema });
export type MfaEnableInput = z.input<typeof MfaEnableSchema>;

export const MfaEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const MfaDisableSchema = z.object({ password: LoginPasswordSchema, code: TotpCodeSchema });
export type MfaDisableInput = z.input<typeof MfaDisableSchema>;

export const MfaStatusSchema = z.object({
  /** A second factor is turned on: sign-in asks for a code after the password. */
  enabled: z.boolean(),
  /** An administrator without one while ADMIN_MFA=required: only enrolment is open to them. */
  enrollmentRequired: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** What signing in with the password answers when the account has a second factor. */
export const MfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  /** Names the account for the code step, valid a few minutes; it is not a session. */
  mfaToken: z.string(),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;

export const SignedInSchema = z.object({ token: z.string(), user: PublicUserSchema });
export type SignedIn = z.infer<typeof SignedInSchema>;

/** POST /api/auth/login answers one of these. */
export const LoginResponseSchema = z.union([SignedInSchema, MfaChallengeSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

const mfaToken = z
  .string({ error: messageKey('validation.required') })
  .min(1, messageKey('validation.required'))
  .max(2000, messageKey('validation.too_long', { max: 2000 }));

/** The code step: the current code, or one of the recovery codes. */
export const MfaVerifySchema = z.union([
  z.object({ mfaToken, code: TotpCodeSchema }).strict(),
  z.object({ mfaToken, recoveryCode: RecoveryCodeSchema }).strict(),
]);
export type MfaVerifyInput = z.input<typeof MfaVerifySchema>;

export const SessionSchema = z.object({
  id: z.uuid(),
  /** Read from the user agent; null when it did not say. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** `mobile`, `tablet`… as the user agent says; null for a desktop browser. */
  deviceType: z.string().nullable(),
  /** The address it was made from, coarsened (`203.0.113.0/24`, `2001:db8:1::/48`). */
  address: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  /** The session making this request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionListSchema = z.object({ sessions: z.array(SessionSchema) });
export type SessionList = z.infer<typeof SessionListSchema>;

export const SessionIdParamsSchema = z.object({ id: z.uuid() });
