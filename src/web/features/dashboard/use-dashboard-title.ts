import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the screen: "Tracking · Atlas Freight". */
export function useDashboardTitle(page: string) {
  const { t } = useTranslation();
  const title = t('dashboard.meta.pageTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
