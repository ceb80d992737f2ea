import type { Locale } from '#shared/i18n/locales';
import {
  englishMessages,
  messageCatalogLoaders,
  type MessageCatalog,
} from '#shared/i18n/message-catalogs';

/**
 * The API's and the shared rules' catalogue (src/shared/i18n/messages) in each language: English
 * is at hand, French and Arabic are fetched the first time a language needs them (a switch of
 * language, or a form shown in that language).
 */
const catalogs = new Map<Locale, MessageCatalog>([['en', englishMessages]]);
const loads = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();

/** The catalogue of `locale` once loaded; English until then. */
export function messageCatalogOf(locale: Locale): MessageCatalog {
  return catalogs.get(locale) ?? englishMessages;
}

export function loadMessageCatalog(locale: Locale): Promise<void> {
  if (locale === 'en') return Promise.resolve();
  let loading = loads.get(locale);
  if (!loading) {
    loading = messageCatalogLoaders[locale]().then(
      (catalog) => {
        catalogs.set(locale, catalog);
        listeners.forEach((listener) => listener());
      },
      () => {
        // Offline: the messages stay in English until the next try.
        loads.delete(locale);
      },
    );
    loads.set(locale, loading);
  }
  return loading;
}

export function subscribeToMessageCatalogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
