/**
 * The product's languages (docs/decisions/0010-languages.md): English is the default and the
 * specification's own words; French and Arabic follow it key for key. Arabic reads right to
 * left. Shared by the server (Accept-Language, an account's language) and the web (the switcher,
 * the first visit's guess).
 */
export const LOCALES = ['en', 'fr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name, as its speakers write it: what the switcher offers. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
};

/**
 * The Intl locale of each language for numbers and money, in Morocco. English dates keep the
 * day-month-year order of the specification ('3 May 2025'), so they read through en-GB.
 */
export const NUMBER_LOCALES: Readonly<Record<Locale, string>> = {
  en: 'en-MA',
  fr: 'fr-MA',
  ar: 'ar-MA',
};
export const DATE_LOCALES: Readonly<Record<Locale, string>> = {
  en: 'en-GB',
  fr: 'fr-MA',
  ar: 'ar-MA',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** 'fr-MA' → 'fr', 'AR' → 'ar', 'xx' and '*' → undefined. */
function supportedLanguageOf(tag: string): Locale | undefined {
  const language = tag.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLocale(language) ? language : undefined;
}

/**
 * The first supported language of an Accept-Language header ('fr-MA,fr;q=0.9,en;q=0.8'),
 * weighed by q, or of a browser's ordered list (navigator.languages); English when none is
 * supported, so an unknown language never shows a raw key.
 */
export function negotiateLocale(accepted: string | readonly string[] | undefined | null): Locale {
  if (!accepted) return DEFAULT_LOCALE;
  const ranges = typeof accepted === 'string' ? accepted.split(',') : accepted;
  let best: { locale: Locale; quality: number } | undefined;
  for (const [position, range] of ranges.entries()) {
    const [tag = '', ...parameters] = range.split(';');
    const qParameter = parameters.find((p) => p.trim().startsWith('q='));
    const quality = qParameter ? Number(qParameter.trim().slice(2)) : 1;
    const locale = supportedLanguageOf(tag);
    if (!locale || !Number.isFinite(quality) || quality <= 0) continue;
    // Equal weights keep the order given; a small tie-break by position.
    const weighed = quality - position * 1e-6;
    if (!best || weighed > best.quality) best = { locale, quality: weighed };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
