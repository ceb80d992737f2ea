import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Menu, PanelLeftClose, PanelLeftOpen, X, type LucideIcon } from 'lucide-react';
import { BrandMark } from './brand-mark';
import { ModalDialog } from './modal-dialog';
import { PageTitleFormatContext } from './page-header';
import type { SideNavState } from './side-nav';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

export interface AppShellLabels {
  skipLink: string;
  brandName: string;
  brandHome: string;
  collapse: string;
  expand: string;
  openMenu: string;
  closeMenu: string;
  menu: string;
}

interface AppShellProps {
  /** Prefixes the element ids and names the remembered sidebar choice, one per area. */
  area: string;
  labels: AppShellLabels;
  /** The area's side navigation, drawn in the desktop sidebar and in the phone panel. */
  nav(state: SideNavState): ReactNode;
  /** The top bar, after the burger. */
  topBar: ReactNode;
  formatPageTitle(page: string): string;
  /** The content's max-width class. */
  contentWidth: string;
  /** Beside the frame (the toasts). */
  children?: ReactNode;
}

/** A new screen starts at its top. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
}

const brandLinkClassName =
  'flex min-h-10 items-center gap-2.5 rounded-lg px-1 text-lg font-bold tracking-tight text-white';

interface MobileNavPanelProps {
  id: string;
  labels: AppShellLabels;
  nav: AppShellProps['nav'];
  onClose(): void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * The sidebar as a panel sliding in from the start side on phones (the left, the right in
 * Arabic): a modal dialog that closes on
 * Escape, on the backdrop, on its close button and when a link is followed. The slide is a CSS
 * transition, which the reduced-motion rule of index.css turns off.
 */
function MobileNavPanel({ id, labels, nav, onClose, returnFocusTo }: MobileNavPanelProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      label={labels.menu}
      onClose={onClose}
      initialFocus={closeButton}
      returnFocusTo={returnFocusTo}
      className="fixed inset-y-0 start-0 end-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] overflow-y-auto bg-brand-950 p-4 shadow-xl transition-transform duration-200 ease-out starting:-translate-x-full lg:hidden rtl:starting:translate-x-full"
    >
      <div id={id} className="flex min-h-full flex-col gap-6">
        <div className="flex items-center justify-between gap-2">
          <Link
            to="/"
            onClick={onClose}
            aria-label={labels.brandHome}
            className={brandLinkClassName}
          >
            <BrandMark />
            <span aria-hidden="true">{labels.brandName}</span>
          </Link>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label={labels.closeMenu}
            className="inline-flex size-11 items-center justify-center rounded-lg text-brand-100 hover:bg-white/10 hover:text-white"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        {nav({ onNavigate: onClose })}
      </div>
    </ModalDialog>
  );
}

/**
 * A signed-in area's frame: a sidebar that collapses to icons on desktop (the choice is
 * remembered on this device) and slides in from a burger on phones, a top bar, and the screen.
 */
export function AppShell({
  area,
  labels,
  nav,
  topBar,
  formatPageTitle,
  contentWidth,
  children,
}: AppShellProps) {
  const ids = { main: `${area}-main`, sidebar: `${area}-sidebar`, mobileNav: `${area}-mobile-nav` };
  const [collapsed, toggleCollapsed] = useSidebarCollapsed(`${area}SidebarCollapsed`);
  const [menuOpen, setMenuOpen] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useScrollToTopOnNavigate();

  const CollapseIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  const collapseLabel = collapsed ? labels.expand : labels.collapse;

  return (
    <div className="flex min-h-screen bg-slate-50">
      <a
        href={`#${ids.main}`}
        className="sr-only z-60 rounded-lg bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {labels.skipLink}
      </a>

      <aside
        id={ids.sidebar}
        className={`sticky top-0 hidden h-screen shrink-0 flex-col gap-6 overflow-y-auto bg-brand-950 py-4 transition-[width] duration-200 lg:flex ${
          collapsed ? 'w-20 px-3' : 'w-64 px-4'
        }`}
      >
        <div className={`flex items-center gap-2 ${collapsed ? 'flex-col' : 'justify-between'}`}>
          <Link
            to="/"
            aria-label={labels.brandHome}
            title={collapsed ? labels.brandName : undefined}
            className={`${brandLinkClassName} min-w-0 whitespace-nowrap`}
          >
            <BrandMark />
            {!collapsed && <span aria-hidden="true">{labels.brandName}</span>}
          </Link>
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-label={collapseLabel}
            aria-expanded={!collapsed}
            aria-controls={ids.sidebar}
            title={collapseLabel}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-brand-100 hover:bg-white/10 hover:text-white"
          >
            <CollapseIcon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </button>
        </div>
        {nav({ compact: collapsed })}
      </aside>

      {menuOpen && (
        <MobileNavPanel
          id={ids.mobileNav}
          labels={labels}
          nav={nav}
          onClose={closeMenu}
          returnFocusTo={burger}
        />
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
            <button
              ref={burger}
              type="button"
              onClick={() => setMenuOpen(true)}
              aria-label={labels.openMenu}
              aria-expanded={menuOpen}
              aria-controls={ids.mobileNav}
              className="-ms-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
            >
              <Menu aria-hidden="true" className="size-6" />
            </button>
            {topBar}
          </div>
        </header>
        <main
          id={ids.main}
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-8"
        >
          <div className={`mx-auto w-full ${contentWidth}`}>
            <PageTitleFormatContext value={formatPageTitle}>
              <Outlet />
            </PageTitleFormatContext>
          </div>
        </main>
      </div>
      {children}
    </div>
  );
}

interface SignedInUserProps {
  icon: LucideIcon;
  /** "Signed in as", for screen readers. */
  label: string;
  name: ReactNode;
  /** After the name (the admin's role). */
  children?: ReactNode;
}

/** The top bar's signed-in user, which takes the room the primary action leaves. */
export function SignedInUser({ icon: Icon, label, name, children }: SignedInUserProps) {
  return (
    <p className="flex min-w-0 flex-1 items-center gap-2 text-sm text-slate-600">
      <span
        aria-hidden="true"
        className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800 sm:flex"
      >
        <Icon className="size-5" />
      </span>
      <span className="sr-only">{label} </span>
      <span className="truncate font-semibold text-slate-900">{name}</span>
      {children}
    </p>
  );
}
