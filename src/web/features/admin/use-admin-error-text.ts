import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeAdminListError } from './admin-errors';

/** describeAdminListError with the area's words. */
export function useAdminListErrorText(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, fallback: string) =>
      describeAdminListError(error, fallback, (key, values) => t(key, values)),
    [t],
  );
}
