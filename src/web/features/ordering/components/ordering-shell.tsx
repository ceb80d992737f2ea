import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LayoutGrid } from 'lucide-react';
import { BrandMark } from '../../../ui/brand-mark';
import { buttonClassName } from '../../../ui/button-styles';
import { LogoutButton } from '../../../ui/logout-button';

interface OrderingShellProps {
  title: string;
  lead?: string;
  children: ReactNode;
}

/**
 * The frame of the signed-in ordering screens (/new-order, /calculate-distance), which sit
 * outside the dashboard's sidebar: a slim bar back to the dashboard, the page title, the work.
 */
export function OrderingShell({ title, lead, children }: OrderingShellProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('ordering.meta.pageTitle', { page: title });
  }, [t, title]);

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            to="/"
            aria-label={t('ordering.shell.home')}
            className="-mx-1 flex min-h-10 items-center gap-2.5 rounded-lg px-1 text-lg font-bold tracking-tight text-brand-900"
          >
            <BrandMark />
            <span aria-hidden="true" className="hidden sm:inline">
              {t('ordering.shell.brand')}
            </span>
          </Link>
          <nav aria-label={t('ordering.shell.navLabel')} className="flex items-center gap-2">
            <Link to="/dashboard" className={buttonClassName('ghost')}>
              <LayoutGrid aria-hidden="true" className="size-4" />
              {t('ordering.shell.dashboard')}
            </Link>
            <LogoutButton />
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {lead && <p className="mt-2 text-slate-600">{lead}</p>}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
