import { isLocale, type Locale } from '#shared/i18n/locales';
import type { PublicUser } from '#shared/schemas/user-schemas';
import { apiRequest } from '../lib/api-client';
import { readStoredToken } from '../lib/session-storage';
import { currentLocale, i18n, loadTranslations } from './i18n';
import { storeLocale } from './locale-preference';

/** What became of the choice on the account: the Profile page reports a failure. */
export type AccountSave = 'saved' | 'failed' | 'signed-out';

/**
 * How long a switch waits for the account to take the new language before showing it anyway.
 * Waiting lets the screens' data, asked for again on a switch, come back in the new language
 * (notifications are written at reading time, in the account's language).
 */
const ACCOUNT_SAVE_WAIT_MS = 3_000;

async function saveAccountLocale(locale: Locale): Promise<AccountSave> {
  try {
    await apiRequest<{ user: PublicUser }>('/auth/profile', { method: 'PATCH', body: { locale } });
    return 'saved';
  } catch {
    return 'failed';
  }
}

function waitAtMost<T>(promise: Promise<T>, ms: number): Promise<unknown> {
  return Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
}

let latestSwitch = 0;

/**
 * Shows the app in `locale` (docs/decisions/0010-languages.md): fetches the words of every area
 * loaded so far and the shared rules' messages in that language, then switches, which sets
 * `<html lang dir>` and loads the Arabic face for Arabic (i18n.ts). The choice is remembered on
 * this browser and, for a signed-in user, on the account, so mails, text messages and
 * notifications follow it. When choices cross, the last one wins.
 */
export async function setLocale(
  locale: Locale,
  { saveToAccount = true }: { saveToAccount?: boolean } = {},
): Promise<AccountSave> {
  const thisSwitch = ++latestSwitch;
  storeLocale(locale);
  const saved: Promise<AccountSave> =
    saveToAccount && readStoredToken() !== null
      ? saveAccountLocale(locale)
      : Promise.resolve('signed-out');
  await Promise.all([
    loadTranslations(locale),
    // Loaded on demand: the landing page has no form to show a rule's message in.
    import('./message-catalogs').then(({ loadMessageCatalog }) => loadMessageCatalog(locale)),
    waitAtMost(saved, ACCOUNT_SAVE_WAIT_MS),
  ]);
  if (thisSwitch === latestSwitch && locale !== currentLocale()) {
    await i18n.changeLanguage(locale);
  }
  return saved;
}

/**
 * On sign-in the account's language wins over this browser's: the account is where a signed-in
 * user's choice lives. Nothing is sent back, the account already has it.
 */
export async function adoptAccountLocale(accountLocale: unknown): Promise<void> {
  if (isLocale(accountLocale) && accountLocale !== currentLocale()) {
    await setLocale(accountLocale, { saveToAccount: false });
  }
}
