import { Link, Outlet, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogoutButton } from '../auth/components/logout-button';

/** Stands in for a screen that a later issue builds, so every route already resolves. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: string } | undefined;
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{handle?.title}</h1>
      <p className="mt-2 text-slate-600">{t('placeholder.body')}</p>
      <Link to="/" className="mt-4 inline-block text-brand-800 underline">
        {t('placeholder.home')}
      </Link>
      <Outlet />
    </main>
  );
}

/**
 * Stands in for the customer dashboard and admin layouts until their issues land: a bar with
 * the area's name and the Logout button, then the screen.
 */
export function PlaceholderAreaLayout() {
  const matches = useMatches();
  const area = matches.find((match) => (match.handle as { area?: string } | undefined)?.area);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-6 py-3">
          <span className="font-semibold text-brand-900">
            {(area?.handle as { area?: string } | undefined)?.area}
          </span>
          <LogoutButton />
        </div>
      </header>
      <Outlet />
    </div>
  );
}
