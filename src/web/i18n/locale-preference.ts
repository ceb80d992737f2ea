import {
  DEFAULT_LOCALE,
  isLocale,
  negotiateLocale,
  textDirection,
  type Locale,
} from '#shared/i18n/locales';

/** Where this browser keeps the language its visitor chose (docs/decisions/0010-languages.md). */
export const LOCALE_STORAGE_KEY = 'atlas-freight.locale';

/**
 * The language of a first render: the one chosen before on this browser, else the first of the
 * browser's languages we speak, else English.
 */
export function chooseInitialLocale(
  stored: string | null | undefined,
  browserLanguages: readonly string[] | undefined,
): Locale {
  if (isLocale(stored)) return stored;
  return negotiateLocale(browserLanguages);
}

/** i18next's current language as one of ours ('en' for anything else, such as 'cimode'). */
export function toLocale(language: string | undefined): Locale {
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** `<html lang dir>`: screen readers, hyphenation, the `:lang(ar)` font and right to left. */
export function applyDocumentLocale(locale: Locale, root: Pick<HTMLElement, 'lang' | 'dir'>): void {
  root.lang = locale;
  root.dir = textDirection(locale);
}

// Storage can be blocked (private modes, strict settings): the choice then lasts the visit.
export function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered on this browser; the account still keeps it for a signed-in user.
  }
}

export function readBrowserLanguages(): readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
