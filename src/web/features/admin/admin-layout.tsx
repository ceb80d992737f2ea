import './admin-strings';
import { useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, PanelLeftClose, PanelLeftOpen, ShieldCheck } from 'lucide-react';
import { BrandMark } from '../../ui/brand-mark';
import { useSidebarCollapsed } from '../../ui/use-sidebar-collapsed';
import { useSession } from '../auth/session/session-context';
import { AdminMobileNav, adminMobileNavId } from './components/admin-mobile-nav';
import { AdminNav } from './components/admin-nav';
import { AdminToastContainer } from './components/admin-toasts';

const mainId = 'admin-main';

/** A new screen starts at its top. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
}

/**
 * The back office's frame (SPEC section 2, "Admin area"), in the customer dashboard's visual
 * language: a sidebar that collapses to icons on desktop and slides in from a burger on phones,
 * a top bar naming the signed-in admin, and the toasts every admin action reports through.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed('adminSidebarCollapsed');
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useScrollToTopOnNavigate();

  const CollapseIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  const collapseLabel = collapsed ? t('admin.nav.expand') : t('admin.nav.collapse');

  return (
    <div className="flex min-h-screen bg-slate-50">
      <a
        href={`#${mainId}`}
        className="sr-only z-60 rounded-lg bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('admin.skipLink')}
      </a>

      <aside
        id="admin-sidebar"
        className={`sticky top-0 hidden h-screen shrink-0 flex-col gap-6 overflow-y-auto bg-brand-950 py-4 transition-[width] duration-200 lg:flex ${
          collapsed ? 'w-20 px-3' : 'w-64 px-4'
        }`}
      >
        <div className={`flex items-center gap-2 ${collapsed ? 'flex-col' : 'justify-between'}`}>
          <Link
            to="/"
            aria-label={t('admin.brand.home')}
            title={collapsed ? t('admin.brand.name') : undefined}
            className="flex min-h-10 min-w-0 items-center gap-2.5 rounded-lg px-1 text-lg font-bold tracking-tight whitespace-nowrap text-white"
          >
            <BrandMark />
            {!collapsed && <span aria-hidden="true">{t('admin.brand.name')}</span>}
          </Link>
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-label={collapseLabel}
            aria-expanded={!collapsed}
            aria-controls="admin-sidebar"
            title={collapseLabel}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-brand-100 hover:bg-white/10 hover:text-white"
          >
            <CollapseIcon aria-hidden="true" className="size-5" />
          </button>
        </div>
        <AdminNav compact={collapsed} />
      </aside>

      {menuOpen && <AdminMobileNav onClose={closeMenu} />}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
            <button
              type="button"
              onClick={() => setMenuOpen(true)}
              aria-label={t('admin.nav.openMenu')}
              aria-expanded={menuOpen}
              aria-controls={adminMobileNavId}
              className="-ml-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
            >
              <Menu aria-hidden="true" className="size-6" />
            </button>
            <p className="flex min-w-0 flex-1 items-center gap-2 text-sm text-slate-600">
              <span
                aria-hidden="true"
                className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800 sm:flex"
              >
                <ShieldCheck className="size-5" />
              </span>
              <span className="sr-only">{t('admin.topBar.signedInAs')} </span>
              <span className="truncate font-semibold text-slate-900">{user?.email}</span>
              <span className="hidden shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 sm:inline">
                {t('admin.topBar.role')}
              </span>
            </p>
            <span className="hidden text-sm font-semibold text-slate-500 md:inline">
              {t('admin.brand.area')}
            </span>
          </div>
        </header>
        <main
          id={mainId}
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-8"
        >
          <div className="mx-auto w-full max-w-7xl">
            <Outlet />
          </div>
        </main>
      </div>
      <AdminToastContainer />
    </div>
  );
}
