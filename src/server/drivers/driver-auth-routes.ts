import { officeActorOf } from '../audit/office-actions';
import { z } from 'zod';
import { DriverCodeRequestSchema, DriverLoginSchema } from '#shared/schemas/driver-schemas';
import { DriverSignInUnlockResultSchema } from '#shared/schemas/fleet-schemas';
import { englishMessage } from '#shared/i18n/message-catalogs';
import { PublicUserSchema } from '#shared/schemas/user-schemas';
import { clientOf, createAttemptLimiter } from '../auth/attempt-limits';
import type { AppConfig } from '../config';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { DriverAuthService } from './driver-auth-service';

const tags = ['driver'];

/** The phone as validated: DriverPhoneSchema has already made it E.164. */
const phoneOf = (request: { body: unknown }) => (request.body as { phone: string }).phone;

export function registerDriverAuthRoutes(
  app: ZodApp,
  driverAuthService: DriverAuthService,
  config: AppConfig,
): void {
  // Each code is an SMS, so requests are limited per number and per address; sign-in attempts
  // too, on top of the tries each code allows (docs/decisions/0009-drivers.md).
  const perPhoneAndAddress = (
    name: string,
    perPhone: number,
    perAddress: number,
    timeWindow: number,
  ) =>
    createAttemptLimiter(app, [
      { max: perPhone, timeWindow, key: (request) => `${name}:phone:${phoneOf(request)}` },
      { max: perAddress, timeWindow, key: (request) => `${name}:ip:${clientOf(request)}` },
    ]);
  const codeLimits = perPhoneAndAddress(
    'driver-code',
    config.RATE_LIMIT_DRIVER_CODE_PER_PHONE,
    config.RATE_LIMIT_DRIVER_CODE_PER_IP,
    config.RATE_LIMIT_DRIVER_CODE_WINDOW_MS,
  );
  const loginLimits = perPhoneAndAddress(
    'driver-login',
    config.RATE_LIMIT_DRIVER_LOGIN_PER_PHONE,
    config.RATE_LIMIT_DRIVER_LOGIN_PER_IP,
    config.RATE_LIMIT_WINDOW_MS,
  );

  app.post(
    '/driver/auth/code',
    {
      schema: {
        tags,
        summary: "Send a sign-in code to a driver's phone (the same answer for any number)",
        body: DriverCodeRequestSchema,
        response: {
          202: z.object({ message: z.string() }),
          400: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
      preHandler: codeLimits,
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 202) return;
        const { phone } = request.body as { phone: string };
        try {
          await driverAuthService.sendCode(phone);
        } catch (error) {
          request.log.error({ err: error }, 'driver sign-in code not sent');
        }
      },
    },
    // The work starts once the answer is sent (onResponse), so its time says nothing about the
    // number (docs/decisions/0017-security-review.md, "Driver sign-in codes").
    async (_request, reply) =>
      reply.status(202).send({ message: englishMessage('driver.code_sent') }),
  );

  app.post(
    '/driver/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign a driver in with their phone and the code sent to it',
        body: DriverLoginSchema,
        response: {
          200: z.object({ token: z.string(), user: PublicUserSchema }),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
      preHandler: loginLimits,
    },
    async (request) => driverAuthService.login(request.body.phone, request.body.code),
  );

  app.post(
    '/admin/drivers/:id/unlock-sign-in',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Let a driver locked out by too many wrong codes sign in by phone again',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: DriverSignInUnlockResultSchema, 404: ErrorBodySchema },
      },
      onRequest: app.requireRole('ADMIN'),
    },
    async (request) => driverAuthService.unlockSignIn(request.params.id, officeActorOf(request)),
  );
}
