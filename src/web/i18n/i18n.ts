import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { formatPlaceholderValue } from '#shared/i18n/fill-placeholders';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales';
import { createAreaTranslations } from './area-translations';
import common from './en/common.json';
import publicSite from './en/public.json';
import {
  applyDocumentLocale,
  chooseInitialLocale,
  readBrowserLanguages,
  readStoredLocale,
  toLocale,
} from './locale-preference';

/**
 * English is the specification's text; every screen reads its words from these files, French and
 * Arabic follow them key for key (docs/decisions/0010-languages.md). One file per area keeps them
 * reviewable; all share the default namespace. Only the landing page's English loads here: every
 * other area adds its own file when its code loads (addStrings), and the other languages' files
 * are fetched per area, when the area loads or the language changes.
 */
export const i18n = i18next.createInstance();

const firstLocale = chooseInitialLocale(readStoredLocale(), readBrowserLanguages());

void i18n.use(initReactI18next).init({
  lng: firstLocale,
  fallbackLng: DEFAULT_LOCALE,
  resources: { en: { translation: { ...common, ...publicSite } } },
  interpolation: { escapeValue: false },
  initAsync: false,
  // A screen shown before its area's words arrived (a lazy part of a page) renders again then.
  react: { bindI18nStore: 'added' },
});

// `{{value, number}}` and `{{value, money}}` in a screen's words are written as every other text
// of the product writes them (#shared/i18n/fill-placeholders), in the language shown.
for (const kind of ['number', 'money']) {
  i18n.services.formatter?.add(kind, (value: string | number, language) =>
    formatPlaceholderValue(value, kind, { locale: toLocale(language) }),
  );
}

export function currentLocale(): Locale {
  return toLocale(i18n.language);
}

/** The language the screens show; a component using it renders again when it changes. */
export function useLocale(): Locale {
  return toLocale(useTranslation().i18n.language);
}

/** The Arabic face is large: it downloads only for a visitor reading Arabic. */
function loadFontFor(locale: Locale): void {
  if (locale === 'ar') void import('@fontsource-variable/noto-sans-arabic').catch(() => undefined);
}

function followLocaleInDocument(locale: Locale): void {
  if (typeof document !== 'undefined') applyDocumentLocale(locale, document.documentElement);
  loadFontFor(locale);
}

// Set before the first render, so screen readers and the right-to-left layout start right.
followLocaleInDocument(firstLocale);
i18n.on('languageChanged', (language) => followLocaleInDocument(toLocale(language)));

const areaTranslations = createAreaTranslations(
  async () => (await import('./translation-files')).translationFiles,
  (locale, strings) => i18n.addResourceBundle(locale, 'translation', strings, true, true),
  ['common', 'public'],
);

/**
 * The language the screens are showing or about to show: an area whose code loads during a
 * switch fetches the words of the language being switched to.
 */
let wantedLocale = firstLocale;

export function registerArea(area: string): void {
  void areaTranslations.register(area, wantedLocale);
}

/**
 * Resolves once the words of every area loaded so far have arrived in the language shown: a
 * screen's route waits for it, so a lazily loaded page never renders raw keys or English first.
 */
export function areaTranslationsLoaded(): Promise<void> {
  return areaTranslations.settled();
}

/** Fetches the words of every area loaded so far in `locale`, before the switch shows it. */
export function loadTranslations(locale: Locale): Promise<void> {
  wantedLocale = locale;
  return areaTranslations.loadAll(locale);
}

/** The landing page's words in the first language: awaited before the first render. */
export const firstTranslations: Promise<void> = loadTranslations(firstLocale);
