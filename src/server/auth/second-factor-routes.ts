import { z } from 'zod';
import {
  MfaDisableSchema,
  MfaEnableResponseSchema,
  MfaEnableSchema,
  MfaSetupResponseSchema,
  MfaStatusSchema,
  MfaVerifySchema,
  SessionIdParamsSchema,
  SessionListSchema,
  SignedInSchema,
} from '#shared/schemas/mfa-schemas';
import type { AppConfig } from '../config';
import { ErrorBodySchema as ErrorSchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import { createAttemptLimiter } from './attempt-limits';
import { authOf } from './auth-guards';
import type { AuthService } from './auth-service';
import { sessionOriginOf } from './coarse-address';
import type { SecondFactorService } from './second-factor-service';
import { mfaChallengeSubject } from './session-tokens';

const MessageSchema = z.object({ message: z.string() });
const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const MFA_WINDOW_MS = 15 * 60_000;

/**
 * docs/decisions/0015-second-factor-and-sessions.md: the second factor's routes and the account's
 * own sessions. Setting up and confirming a factor stay open to an administrator who must enrol.
 */
export function registerSecondFactorRoutes(
  app: ZodApp,
  {
    authService,
    secondFactors,
    config,
  }: {
    authService: AuthService;
    secondFactors: SecondFactorService;
    config: AppConfig;
  },
) {
  /*
   * Codes tried per account, successes included as for the login limits: six digits are a
   * million, so a few tries per quarter hour make guessing hopeless. The code step counts on the
   * account its token names and on the client address.
   */
  const codeLimits = createAttemptLimiter(app, [
    {
      max: config.RATE_LIMIT_MFA_PER_ACCOUNT,
      timeWindow: MFA_WINDOW_MS,
      key: (request) => `mfa-code:user:${authOf(request).userId}`,
    },
  ]);
  const verifyLimits = createAttemptLimiter(app, [
    {
      max: config.RATE_LIMIT_MFA_PER_ACCOUNT,
      timeWindow: MFA_WINDOW_MS,
      key: (request) =>
        `mfa-verify:user:${mfaChallengeSubject((request.body as { mfaToken: string }).mfaToken)}`,
    },
    {
      max: config.RATE_LIMIT_LOGIN_PER_IP,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      key: (request) => `mfa-verify:ip:${request.ip}`,
    },
  ]);

  app.get(
    '/auth/mfa',
    {
      schema: {
        tags,
        summary: "Whether the caller's second factor is on, and whether they must enrol one",
        security,
        response: { 200: MfaStatusSchema, 401: ErrorSchema },
      },
      config: { openDuringMfaEnrollment: true },
      onRequest: app.requireRole('USER', 'ADMIN'),
    },
    async (request) => authService.mfaStatus(authOf(request)),
  );

  app.post(
    '/auth/mfa/setup',
    {
      schema: {
        tags,
        summary: 'Start a second factor: a new TOTP secret, its otpauth URL and QR code',
        security,
        response: {
          200: MfaSetupResponseSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
        },
      },
      config: { openDuringMfaEnrollment: true },
      onRequest: app.requireRole('USER', 'ADMIN'),
    },
    async (request) => secondFactors.setup(authOf(request)),
  );

  app.post(
    '/auth/mfa/enable',
    {
      schema: {
        tags,
        summary: 'Confirm the set-up with a code; answers the 10 recovery codes, shown once',
        security,
        body: MfaEnableSchema,
        response: {
          200: MfaEnableResponseSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
      config: { openDuringMfaEnrollment: true },
      onRequest: app.requireRole('USER', 'ADMIN'),
      preHandler: codeLimits,
    },
    async (request) => secondFactors.enable(authOf(request), request.body.code),
  );

  app.post(
    '/auth/mfa/disable',
    {
      schema: {
        tags,
        summary: 'Turn the second factor off with the password and a current code',
        security,
        body: MfaDisableSchema,
        response: {
          200: MessageSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
      onRequest: app.requireRole('USER', 'ADMIN'),
      preHandler: codeLimits,
    },
    async (request) => secondFactors.disable(authOf(request), request.body),
  );

  app.post(
    '/auth/mfa/verify',
    {
      schema: {
        tags,
        summary: "Sign-in's code step: the login's mfaToken with a code or a recovery code",
        body: MfaVerifySchema,
        response: { 200: SignedInSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
      preHandler: verifyLimits,
    },
    async (request) => secondFactors.verify(request.body, sessionOriginOf(request)),
  );

  app.get(
    '/auth/sessions',
    {
      schema: {
        tags,
        summary: "The caller's sessions that still stand: device, coarse address, times, current",
        security,
        response: { 200: SessionListSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
      onRequest: app.requireAuth,
    },
    async (request) => ({ sessions: await authService.listSessions(authOf(request)) }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags,
        summary: "End one of the caller's sessions at once (anyone else's: 404)",
        security,
        params: SessionIdParamsSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
      onRequest: app.requireAuth,
    },
    async (request) => authService.endSession(authOf(request), request.params.id),
  );
}
