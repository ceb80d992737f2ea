import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '#shared/phone';
import { DRIVER_SIGN_IN_CODE_LIFETIME_MS } from '#shared/schemas/driver-schemas';
import type { PublicUser } from '#shared/schemas/user-schemas';
import type { AuthService } from '../auth/auth-service';
import type { Database } from '../db/open-database';
import { englishMessage } from '#shared/i18n/message-catalogs';
import { unauthorized } from '../http/errors';
import { DRIVER_SIGN_IN_CODE_TEMPLATE } from '../messages/message-templates';
import type { MessagesService } from '../messages/messages-service';
import {
  consumeSignInCode,
  countWrongTry,
  findDriverByPhone,
  findLiveSignInCode,
  replaceSignInCode,
} from './driver-auth-queries';
import type { SignInCodes } from './sign-in-code';

interface DriverAuthServiceDeps {
  db: Database;
  authService: Pick<AuthService, 'startSession'>;
  messagesService: MessagesService;
  signInCodes: SignInCodes;
  log: FastifyBaseLogger;
  clock: () => Date;
}

/**
 * Drivers sign in with their phone and a code sent by SMS (docs/decisions/0009-drivers.md):
 * no password to forget on a shared phone. Phones arrive in E.164 (DriverPhoneSchema), so
 * `0612…` and `+212612…` are one driver. Logs carry masked phones only, and never a code.
 */
export function createDriverAuthService({
  db,
  authService,
  messagesService,
  signInCodes,
  log,
  clock,
}: DriverAuthServiceDeps) {
  function refuse(phone: string, reason: string): never {
    log.warn({ phone: maskPhone(phone), reason }, 'driver sign-in refused');
    throw unauthorized('driver.sign_in_code_wrong');
  }

  return {
    /** The same answer for any number, so the form tells no one who drives for us. */
    async requestCode(phone: string): Promise<{ message: string }> {
      const driver = await findDriverByPhone(db, phone);
      if (!driver?.active) {
        const reason = driver ? 'driver deactivated' : 'unknown phone';
        log.info({ phone: maskPhone(phone), reason }, 'driver sign-in code not sent');
        return { message: englishMessage('driver.code_sent') };
      }
      const code = signInCodes.newCode();
      const now = clock();
      await db.transaction(async (tx) => {
        await replaceSignInCode(
          tx,
          {
            driverId: driver.id,
            codeHash: signInCodes.hash(driver.id, code),
            expiresAt: new Date(now.getTime() + DRIVER_SIGN_IN_CODE_LIFETIME_MS),
          },
          now,
        );
        // Sent by the outbox once this commits; the code leaves the row once sent.
        await messagesService.queue(tx, [
          {
            channel: 'sms',
            recipient: phone,
            template: DRIVER_SIGN_IN_CODE_TEMPLATE,
            params: { code },
            locale: driver.locale,
          },
        ]);
      });
      log.info({ driverId: driver.id, phone: maskPhone(phone) }, 'driver sign-in code sent');
      return { message: englishMessage('driver.code_sent') };
    },

    /** One answer for every failure: unknown phone, deactivated, wrong, expired, used, dead. */
    async login(phone: string, code: string): Promise<{ token: string; user: PublicUser }> {
      const driver = await findDriverByPhone(db, phone);
      if (!driver) return refuse(phone, 'unknown phone');
      if (!driver.active) return refuse(phone, 'driver deactivated');
      const now = clock();
      const live = await findLiveSignInCode(db, driver.id, now);
      if (!live) return refuse(phone, 'no live code');
      if (!signInCodes.matches(driver.id, code, live.codeHash)) {
        await countWrongTry(db, live.id);
        return refuse(phone, 'wrong code');
      }
      if (!(await consumeSignInCode(db, live.id, now))) return refuse(phone, 'code just used');
      log.info({ driverId: driver.id, userId: driver.userId }, 'driver signed in');
      return authService.startSession(driver.userId);
    },
  };
}

export type DriverAuthService = ReturnType<typeof createDriverAuthService>;
