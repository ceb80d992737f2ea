import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LayoutDashboard, Menu, X } from 'lucide-react';
import { readStoredToken } from '../../../lib/session-storage';
import { BrandMark } from '../../../ui/brand-mark';
import { buttonClassName } from '../../../ui/button-styles';
import { Container } from '../../../ui/container';
import { LanguageSwitcher } from '../../../i18n/language-switcher';
import { landingSections } from '../public-links';

const mobileMenuId = 'public-mobile-menu';

export function SiteHeader() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Read on every render: logging in or out elsewhere changes the header on the next page.
  const signedIn = readStoredToken() !== null;

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  const accountLinks = (layout: 'bar' | 'menu') => {
    const wide = layout === 'menu' ? 'w-full sm:w-auto sm:flex-1' : '';
    if (signedIn) {
      return (
        <Link
          to="/dashboard"
          onClick={closeMenu}
          className={`${buttonClassName('primary')} ${wide}`}
        >
          <LayoutDashboard aria-hidden="true" className="size-4" />
          {t('public.header.dashboard')}
        </Link>
      );
    }
    return (
      <>
        <Link
          to="/login"
          onClick={closeMenu}
          className={`${buttonClassName(layout === 'menu' ? 'secondary' : 'ghost')} ${wide}`}
        >
          {t('public.header.login')}
        </Link>
        <Link
          to="/register/company"
          onClick={closeMenu}
          className={`${buttonClassName('primary')} ${wide}`}
        >
          {t('public.header.getStarted')}
        </Link>
      </>
    );
  };

  return (
    <>
      <header
        className={`sticky top-0 z-40 border-b border-slate-200 ${menuOpen ? 'bg-white' : 'bg-white/95 backdrop-blur supports-backdrop-filter:bg-white/80'}`}
      >
        <Container className="flex h-16 items-center justify-between gap-4">
          <Link
            to="/"
            onClick={closeMenu}
            className="-mx-1 flex min-h-10 shrink-0 items-center gap-2.5 rounded-lg px-1 text-lg font-bold tracking-tight whitespace-nowrap text-brand-900"
          >
            <BrandMark />
            {t('public.brand.name')}
          </Link>

          <nav aria-label={t('public.header.navLabel')} className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {landingSections.map((section) => (
                <li key={section.id}>
                  <Link
                    to={`/#${section.id}`}
                    className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:bg-slate-100 hover:text-brand-800"
                  >
                    {t(section.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className="hidden items-center gap-2 lg:flex">
            <LanguageSwitcher />
            {accountLinks('bar')}
          </div>

          <button
            ref={menuButton}
            type="button"
            aria-label={t('public.header.menu')}
            aria-expanded={menuOpen}
            aria-controls={mobileMenuId}
            onClick={() => setMenuOpen((open) => !open)}
            className="-me-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </Container>

        {menuOpen && (
          <div
            id={mobileMenuId}
            className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg transition duration-200 starting:-translate-y-2 starting:opacity-0 lg:hidden"
          >
            <Container>
              <nav aria-label={t('public.header.navLabel')}>
                <ul className="py-2">
                  {landingSections.map((section) => (
                    <li key={section.id}>
                      <Link
                        to={`/#${section.id}`}
                        onClick={closeMenu}
                        className="-mx-3 flex min-h-12 items-center rounded-lg px-3 text-base font-medium text-slate-800 hover:bg-slate-100"
                      >
                        {t(section.labelKey)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              <LanguageSwitcher showLabel className="border-t border-slate-200 py-3" />
              <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 pb-5 sm:flex-row">
                {accountLinks('menu')}
              </div>
            </Container>
          </div>
        )}
      </header>
      {menuOpen && (
        // Outside the header: its backdrop blur would make this fixed layer header-sized.
        <div
          aria-hidden="true"
          onClick={closeMenu}
          className="fixed inset-0 z-30 bg-slate-900/30 lg:hidden"
        />
      )}
    </>
  );
}
