import { createHmac, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '#shared/schemas/mfa-schemas';
import { deriveServerKey } from './jwt-secret';
import { createSecretSealer } from './sealed-secrets';

/**
 * The secrets of a second factor (docs/decisions/0015-second-factor-and-sessions.md): the TOTP
 * secret sealed with AES-256-GCM, and the recovery codes kept as HMAC-SHA256, both under keys
 * derived from the server's secret, which is not in the database. A copy of the database alone
 * gives neither an account's codes nor its recovery codes.
 */

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Atlas Freight';
/** RFC 6238's step; the code of the step before and after is accepted too (clock drift). */
const TOTP_PERIOD_SECONDS = 30;

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;

export function createSecondFactorKeys(serverSecret: string) {
  const sealer = createSecretSealer(serverSecret, 'atlas-freight/second-factor-secret/v1');
  const recoveryKey = deriveServerKey(serverSecret, 'atlas-freight/recovery-code/v1');

  const hashRecoveryCode = (userId: string, normalizedCode: string) =>
    createHmac('sha256', recoveryKey).update(`${userId}:${normalizedCode}`).digest('hex');

  return {
    newSecret: () => generateSecret(),

    ...sealer,

    otpauthUrl: (secret: string, accountName: string) =>
      generateURI({ issuer: TOTP_ISSUER, label: accountName, secret }),

    qrSvg: (otpauthUrl: string) => QRCode.toString(otpauthUrl, { type: 'svg', margin: 2 }),

    /** The time step the code belongs to (one step either side of now), or undefined. */
    matchingStep(secret: string, code: string, now: Date): number | undefined {
      const result = verifySync({
        secret,
        token: code,
        epoch: Math.floor(now.getTime() / 1000),
        epochTolerance: TOTP_PERIOD_SECONDS,
      });
      // A TOTP answer names its step; the HOTP half of the answer's type never comes back here.
      return result.valid && 'timeStep' in result ? result.timeStep : undefined;
    },

    /** Ten new recovery codes as shown (`abcde-fghij`) and their hashes for this account. */
    newRecoveryCodes(userId: string): { shown: string[]; hashes: string[] } {
      const shown = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
        const chars = Array.from(
          { length: RECOVERY_CODE_LENGTH },
          () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
        ).join('');
        return `${chars.slice(0, 5)}-${chars.slice(5)}`;
      });
      return {
        shown,
        hashes: shown.map((code) => hashRecoveryCode(userId, code.replace('-', ''))),
      };
    },

    /** The code as RecoveryCodeSchema normalized it (lower case, letters and digits only). */
    hashRecoveryCode,
  };
}

export type SecondFactorKeys = ReturnType<typeof createSecondFactorKeys>;
