import { z } from 'zod';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegistrationSchema,
  ResetPasswordSchema,
} from '#shared/schemas/auth-schemas';
import { LoginResponseSchema } from '#shared/schemas/mfa-schemas';
import { ProfileUpdateSchema, PublicUserSchema } from '#shared/schemas/user-schemas';
import type { AppConfig } from '../config';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import {
  createAttemptLimiter,
  createAttemptLimits,
  createPasswordResetLimits,
  createRegistrationLimits,
} from './attempt-limits';
import { authOf } from './auth-guards';
import { sessionOriginOf } from './coarse-address';
import type { AuthService } from './auth-service';

const MessageSchema = z.object({ message: z.string() });
/** Every error answers the one error body (code, message, field errors and their codes). */
const ErrorSchema = ErrorBodySchema;
const tags = ['auth'];

export function registerAuthRoutes(app: ZodApp, authService: AuthService, config: AppConfig) {
  const attemptLimits = createAttemptLimits(app, config);
  const registrationLimits = createRegistrationLimits(app, config);
  const passwordResetLimits = createPasswordResetLimits(app, config);

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Register a Company or Individual customer (no token: log in next)',
        body: RegistrationSchema,
        response: {
          201: z.object({ message: z.string(), user: PublicUserSchema }),
          400: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
      // Before the password is hashed: a refused sign-up costs no argon2 run.
      preHandler: registrationLimits,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await authService.register(request.body, request.headers['accept-language'])),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in; an account with a second factor gets the code step instead of a session',
        body: LoginSchema,
        response: {
          200: LoginResponseSchema,
          401: ErrorSchema,
          429: ErrorSchema,
        },
      },
      preHandler: attemptLimits,
    },
    async (request) =>
      authService.login(request.body.email, request.body.password, sessionOriginOf(request)),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Log out: the token stops working',
        security: [{ bearerAuth: [] }],
        response: { 200: MessageSchema, 401: ErrorSchema },
      },
      config: { openDuringMfaEnrollment: true },
      onRequest: app.requireAuth,
    },
    async (request) => authService.logout(authOf(request)),
  );

  app.get(
    '/auth/profile',
    {
      schema: {
        tags,
        summary: "The caller's account and company or individual profile",
        security: [{ bearerAuth: [] }],
        response: { 200: z.object({ user: PublicUserSchema }), 401: ErrorSchema },
      },
      config: { openDuringMfaEnrollment: true },
      onRequest: app.requireAuth,
    },
    async (request) => ({ user: await authService.profile(authOf(request)) }),
  );

  app.patch(
    '/auth/profile',
    {
      schema: {
        tags,
        summary: "Change the caller's account language (customers, admins and drivers)",
        security: [{ bearerAuth: [] }],
        body: ProfileUpdateSchema,
        response: { 200: z.object({ user: PublicUserSchema }), 400: ErrorSchema, 401: ErrorSchema },
      },
      // The language switcher works on the enrolment screen too.
      config: { openDuringMfaEnrollment: true },
      onRequest: app.requireAuth,
    },
    async (request) => ({ user: await authService.updateProfile(authOf(request), request.body) }),
  );

  app.post(
    '/auth/forgetPassword',
    {
      schema: {
        tags,
        summary: 'Send a password reset link (same answer for unknown emails)',
        body: ForgotPasswordSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
      preHandler: passwordResetLimits,
    },
    async (request) => authService.requestPasswordReset(request.body.email),
  );

  app.post(
    '/auth/reset_password/:token',
    {
      schema: {
        tags,
        summary: 'Set a new password with the emailed token (valid 1 hour, once)',
        params: z.object({ token: z.string().min(1).max(200) }),
        body: ResetPasswordSchema,
        response: { 200: MessageSchema, 400: ErrorSchema },
      },
    },
    async (request) => authService.resetPassword(request.params.token, request.body.password),
  );

  /*
   * Counted per account, successes included like the login limits: a stolen session cannot use
   * the current-password check to guess the password faster than the login form would.
   */
  const passwordChangeLimits = createAttemptLimiter(app, [
    {
      max: config.RATE_LIMIT_LOGIN_PER_EMAIL,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      key: (request) => `change-password:user:${authOf(request).userId}`,
    },
  ]);

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password (customers and admins); every other session ends',
        security: [{ bearerAuth: [] }],
        body: ChangePasswordSchema,
        response: {
          200: MessageSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
        },
      },
      onRequest: app.requireRole('USER', 'ADMIN'),
      preHandler: passwordChangeLimits,
    },
    async (request) => authService.changePassword(authOf(request), request.body),
  );

  app.post(
    '/auth/logout-others',
    {
      schema: {
        tags,
        summary: "End the caller's other sessions; this one stays signed in",
        security: [{ bearerAuth: [] }],
        response: {
          200: z.object({ message: z.string(), ended: z.number().int() }),
          401: ErrorSchema,
        },
      },
      onRequest: app.requireAuth,
    },
    async (request) => authService.logoutOthers(authOf(request)),
  );
}
