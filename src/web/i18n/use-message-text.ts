import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { englishMessages, renderMessageKey } from '#shared/i18n/message-catalogs';
import { useLocale } from './i18n';
import {
  loadMessageCatalog,
  messageCatalogOf,
  subscribeToMessageCatalogs,
} from './message-catalogs';

/**
 * Shows a message key (a zod or react-hook-form error from a rule in src/shared, a client-side
 * check) in the current language, English included, from the catalogue. Any other text (the
 * server's, already in the request's language, or one written with t()) shows unchanged.
 */
export function useMessageText(): (keyOrText: string) => string {
  const locale = useLocale();
  const catalog = useSyncExternalStore(subscribeToMessageCatalogs, () => messageCatalogOf(locale));
  useEffect(() => {
    void loadMessageCatalog(locale);
  }, [locale]);
  // Until its catalogue arrives a language shows English, figures included.
  const shown = catalog === englishMessages ? 'en' : locale;
  return useCallback((keyOrText) => renderMessageKey(keyOrText, catalog, shown), [catalog, shown]);
}
