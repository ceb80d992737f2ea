import { generateSync } from 'otplib';

/*
 * What the API and end-to-end tests compute as an authenticator app would: the TOTP code of a
 * secret at an instant (RFC 6238, 30-second steps). A code is accepted once per account, so a
 * test that needs two codes asks for the next step's.
 */

/** The 6-digit code of this secret at `at` (now by default). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** The first instant of the step after the one `at` is in. */
export function nextTotpStep(at: Date = new Date()): Date {
  return new Date((Math.floor(at.getTime() / 30_000) + 1) * 30_000);
}
