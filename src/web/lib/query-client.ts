import { QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refused or missing resource will not appear by asking again.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        failureCount < 2,
    },
  },
});

// The server writes its texts (messages, notifications) in the language asked for: after a switch
// the screens ask again, and show the new language's.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
