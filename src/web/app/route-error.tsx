import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to load (e.g. a chunk after a new deployment). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t('routeError.title')}</h1>
      <p className="text-slate-600">{t('routeError.body')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-brand-800 px-4 py-2 font-medium text-white hover:bg-brand-900"
      >
        {t('routeError.reload')}
      </button>
    </main>
  );
}
