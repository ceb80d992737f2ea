import { recordOfficeAction, type OfficeActor } from '../audit/office-actions';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '#shared/phone';
import { DRIVER_SIGN_IN_CODE_LIFETIME_MS } from '#shared/schemas/driver-schemas';
import type { DriverSignInUnlockResult } from '#shared/schemas/fleet-schemas';
import type { PublicUser } from '#shared/schemas/user-schemas';
import type { AuthService } from '../auth/auth-service';
import type { Database } from '../db/open-database';
import { englishMessage } from '#shared/i18n/message-catalogs';
import { notFound, unauthorized } from '../http/errors';
import { isUuid } from '../db/uuid';
import { DRIVER_SIGN_IN_CODE_TEMPLATE } from '../messages/message-templates';
import type { MessagesService } from '../messages/messages-service';
import {
  consumeSignInCodes,
  findDriverByPhone,
  insertSignInCode,
  recordWrongCode,
  takeTryOnLiveCodes,
  unlockSignIn,
} from './driver-auth-queries';
import type { SignInCodes } from './sign-in-code';

/** Wrong codes (over all of a driver's codes) that lock phone sign-in, and over how long. */
const WRONG_CODES_BEFORE_LOCK = 10;
const WRONG_CODES_WINDOW_MS = 24 * 60 * 60 * 1000;

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
    /**
     * Sends a code to an active driver's phone. The route answers before calling this, with the
     * same words for any number, so neither the answer nor its time tells who drives for us
     * (docs/decisions/0017-security-review.md, "Driver sign-in codes").
     */
    async sendCode(phone: string): Promise<void> {
      const driver = await findDriverByPhone(db, phone);
      if (!driver?.active || driver.signInLocked) {
        const reason = !driver
          ? 'unknown phone'
          : driver.active
            ? 'sign-in locked'
            : 'driver deactivated';
        log.info({ phone: maskPhone(phone), reason }, 'driver sign-in code not sent');
        return;
      }
      const code = signInCodes.newCode();
      const now = clock();
      await db.transaction(async (tx) => {
        await insertSignInCode(tx, {
          driverId: driver.id,
          codeHash: signInCodes.hash(driver.id, code),
          expiresAt: new Date(now.getTime() + DRIVER_SIGN_IN_CODE_LIFETIME_MS),
        });
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
    },

    /**
     * One answer for every failure (unknown phone, deactivated, wrong, expired, used, dead) but
     * the lock, which the driver must know of to call the office.
     */
    async login(phone: string, code: string): Promise<{ token: string; user: PublicUser }> {
      const driver = await findDriverByPhone(db, phone);
      if (!driver) return refuse(phone, 'unknown phone');
      if (!driver.active) return refuse(phone, 'driver deactivated');
      if (driver.signInLocked) {
        log.warn({ phone: maskPhone(phone), reason: 'sign-in locked' }, 'driver sign-in refused');
        throw unauthorized('driver_auth.sign_in_locked');
      }
      const now = clock();
      const live = await takeTryOnLiveCodes(db, driver.id, now);
      if (live.length === 0) return refuse(phone, 'no live code');
      const matched = live.find((candidate) =>
        signInCodes.matches(driver.id, code, candidate.codeHash),
      );
      if (!matched) {
        const locked = await recordWrongCode(db, driver.id, {
          now,
          since: new Date(now.getTime() - WRONG_CODES_WINDOW_MS),
          limit: WRONG_CODES_BEFORE_LOCK,
        });
        if (locked)
          log.warn({ driverId: driver.id }, 'driver sign-in locked: too many wrong codes');
        return refuse(phone, 'wrong code');
      }
      if (!(await consumeSignInCodes(db, driver.id, matched.id, now))) {
        return refuse(phone, 'code just used');
      }
      log.info({ driverId: driver.id, userId: driver.userId }, 'driver signed in');
      return authService.startSession(driver.userId);
    },

    /** The office lifts a lock (and forgets the wrong codes counted), audited in one transaction. */
    async unlockSignIn(driverId: string, office: OfficeActor): Promise<DriverSignInUnlockResult> {
      const unlocked =
        isUuid(driverId) &&
        (await db.transaction(async (tx) => {
          const before = await unlockSignIn(tx, driverId);
          if (!before) return false;
          await recordOfficeAction(tx, {
            actor: office,
            action: 'driver.unlock_sign_in',
            record: { type: 'driver', id: driverId },
            before: { signInLocked: before.wasLocked },
            after: { signInLocked: false },
          });
          return true;
        }));
      if (!unlocked) throw notFound('driver.not_found');
      log.info({ driverId }, 'driver sign-in unlocked');
      return {
        message: englishMessage('driver_auth.sign_in_unlocked'),
        driverId,
        driverSignInLocked: false,
      };
    },
  };
}

export type DriverAuthService = ReturnType<typeof createDriverAuthService>;
