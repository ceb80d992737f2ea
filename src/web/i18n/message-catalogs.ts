import type { Locale } from '#shared/i18n/locales';
import type { MessageCatalog } from '#shared/i18n/localize-message';

/**
 * The shared rules' messages (src/shared/i18n/messages) in French and Arabic, fetched the first
 * time a language needs them: a switch of language, or a form shown in that language. English
 * needs none, the rules write it.
 */
const catalogs = new Map<Locale, MessageCatalog>();
const loads = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();

export function messageCatalogOf(locale: Locale): MessageCatalog | undefined {
  return catalogs.get(locale);
}

export function loadMessageCatalog(locale: Locale): Promise<void> {
  if (locale === 'en') return Promise.resolve();
  let loading = loads.get(locale);
  if (!loading) {
    loading = import('#shared/i18n/localize-message')
      .then(({ messageCatalogLoaders }) => messageCatalogLoaders[locale]())
      .then(
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
