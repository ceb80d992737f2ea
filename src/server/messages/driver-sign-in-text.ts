import { DRIVER_SIGN_IN_CODE_LIFETIME_MS } from '../../shared/schemas/driver-schemas';

const LIFETIME_MINUTES = Math.round(DRIVER_SIGN_IN_CODE_LIFETIME_MS / 60_000);

/** The SMS that carries a driver's sign-in code (docs/decisions/0009-drivers.md). */
export function composeDriverSignInCodeSms(code: string): string {
  return `Atlas Freight: your sign-in code is ${code}. It expires in ${LIFETIME_MINUTES} minutes.`;
}
