import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales';

export type Strings = Record<string, unknown>;
export type TranslationLoader = () => Promise<Strings>;

export interface AreaTranslations {
  /** Notes an area whose code just loaded and fetches its words in `locale`. */
  register(area: string, locale: Locale): Promise<void>;
  /** Fetches the words of every area noted so far in `locale` (a switch of language). */
  loadAll(locale: Locale): Promise<void>;
  /** Resolves once every download started so far is over (arrived or failed). */
  settled(): Promise<void>;
}

/**
 * Each language's words load per area, with the area's code, so the landing page never carries
 * the back office's French (docs/decisions/0010-languages.md). `loadFiles` gives the map of
 * './fr/admin.json' to its loader, itself fetched only when a language other than English is
 * needed; an area without a file in a language shows English (i18next's fallback) rather than
 * failing, and a file that failed to download is asked for again next time.
 */
export function createAreaTranslations(
  loadFiles: () => Promise<Readonly<Record<string, TranslationLoader>>>,
  addStrings: (locale: Locale, strings: Strings) => void,
  initialAreas: readonly string[],
): AreaTranslations {
  const areas = new Set(initialAreas);
  const loads = new Map<string, Promise<void>>();

  const load = (area: string, locale: Locale): Promise<void> => {
    if (locale === DEFAULT_LOCALE) return Promise.resolve();
    const file = `./${locale}/${area}.json`;
    let loading = loads.get(file);
    if (!loading) {
      loading = loadFiles()
        .then((files) => files[file]?.())
        .then(
          (strings) => {
            if (strings) addStrings(locale, strings);
          },
          () => {
            loads.delete(file);
          },
        );
      loads.set(file, loading);
    }
    return loading;
  };

  return {
    register(area, locale) {
      areas.add(area);
      return load(area, locale);
    },
    async loadAll(locale) {
      await Promise.all([...areas].map((area) => load(area, locale)));
    },
    async settled() {
      await Promise.all(loads.values());
    },
  };
}
