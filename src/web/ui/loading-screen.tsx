import '../i18n/auth-strings';
import { useTranslation } from 'react-i18next';

/**
 * What a guarded screen shows while the session resolves (docs/product.md, section 2, "Guards").
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-screen flex-col items-center justify-center gap-3">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-800 motion-reduce:animate-none"
      />
      <span className="text-sm font-medium text-slate-600">{t('auth.loading')}</span>
    </div>
  );
}
