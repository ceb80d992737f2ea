import type { Locale } from '#shared/i18n/locales';
import { DRIVER_SIGN_IN_CODE_LIFETIME_MS } from '#shared/schemas/driver-schemas';
import { messageText } from './message-text';

// The texts name this number of minutes with its plural (Arabic's 'دقائق' is right for 3 to 10):
// a different lifetime means reading them again.
const LIFETIME_MINUTES = Math.round(DRIVER_SIGN_IN_CODE_LIFETIME_MS / 60_000);

/** The SMS that carries a driver's sign-in code (docs/decisions/0009-drivers.md). */
export function composeDriverSignInCodeSms(code: string, locale: Locale = 'en'): string {
  return messageText(locale, 'driverSignIn.sms', { code, minutes: String(LIFETIME_MINUTES) });
}
