import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

const mainId = 'main-content';

/** Header, page and footer of the public site (docs/product.md, section 2, "Public layout"). */
export function PublicLayout() {
  const { t } = useTranslation();
  useScrollOnNavigate();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href={`#${mainId}`}
        className="sr-only z-50 rounded-lg bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('public.skipLink')}
      </a>
      <SiteHeader />
      <main id={mainId} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
