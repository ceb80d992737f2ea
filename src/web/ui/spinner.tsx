import { useTranslation } from 'react-i18next';

export function Spinner({ className = 'size-8' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-4 border-brand-100 border-t-brand-800 motion-reduce:animate-none ${className}`}
    />
  );
}

/** The loading state of a data screen: a spinner and "Loading...". */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-12">
      <Spinner />
      <span className="text-sm font-medium text-slate-600">{label ?? t('ui.loading')}</span>
    </div>
  );
}
