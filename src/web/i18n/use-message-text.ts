import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { translateMessage } from '#shared/i18n/localize-message';
import {
  loadMessageCatalog,
  messageCatalogOf,
  subscribeToMessageCatalogs,
} from './message-catalogs';
import { useLocale } from './i18n';

/**
 * Shows a shared rule's English message (a zod or react-hook-form error, a client-side check from
 * src/shared) in the current language. The rules keep the specification's English; the catalog
 * translates it by its code. A text the catalog does not know (the server's, already in the
 * request's language, or one written with t()) shows unchanged, as does everything in English.
 */
export function useMessageText(): (englishMessage: string) => string {
  const locale = useLocale();
  const catalog = useSyncExternalStore(subscribeToMessageCatalogs, () => messageCatalogOf(locale));
  useEffect(() => {
    void loadMessageCatalog(locale);
  }, [locale]);
  return useCallback((englishMessage) => translateMessage(englishMessage, catalog), [catalog]);
}
