import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the page ("About Us · Atlas Freight"); the landing page passes none. */
export function usePageTitle(page?: string) {
  const { t } = useTranslation();
  const title = page ? t('public.meta.pageTitle', { page }) : t('public.meta.homeTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
