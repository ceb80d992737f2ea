import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryKey } from '@tanstack/react-query';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { useLiveOrderUpdates } from '../lib/live/use-live-order-updates';
import { AppShell } from './app-shell';
import { LiveIndicator } from './live-indicator';
import { NavLogoutButton } from './logout-button';
import { SideNav, type SideNavItem } from './side-nav';

interface AreaShellProps {
  /**
   * The signed-in area (`admin`, `dashboard`): it prefixes the frame's ids and names its words in
   * the area's catalogue: `<area>.skipLink`, `<area>.brand.*`, `<area>.nav.*` and
   * `<area>.meta.pageTitle`.
   */
  area: 'admin' | 'dashboard';
  navItems: SideNavItem[];
  /** Links kept at the foot of the navigation, above Logout. */
  footerNavItems?: SideNavItem[];
  /** The top bar's start: who is signed in. */
  user: ReactNode;
  /** The top bar's end, after the language and the live updates' state. */
  action?: ReactNode;
  /** The queries every order event refreshes, so the area's screens follow orders live. */
  liveQueryKey: QueryKey;
  /** The content's max-width class. */
  contentWidth: string;
  /** Beside the frame (the toasts). */
  children?: ReactNode;
}

/**
 * The frame of a signed-in area with a sidebar (the back office, the customer's dashboard): the
 * area's screens ending in Logout, and a top bar naming the user, with the language switcher and
 * the live updates' state.
 */
export function AreaShell({
  area,
  navItems,
  footerNavItems,
  user,
  action,
  liveQueryKey,
  contentWidth,
  children,
}: AreaShellProps) {
  const { t } = useTranslation();
  const live = useLiveOrderUpdates(liveQueryKey);
  return (
    <AppShell
      area={area}
      labels={{
        skipLink: t(`${area}.skipLink`),
        brandName: t(`${area}.brand.name`),
        brandHome: t(`${area}.brand.home`),
        collapse: t(`${area}.nav.collapse`),
        expand: t(`${area}.nav.expand`),
        openMenu: t(`${area}.nav.openMenu`),
        closeMenu: t(`${area}.nav.closeMenu`),
        menu: t(`${area}.nav.menu`),
      }}
      nav={(state) => (
        <SideNav
          label={t(`${area}.nav.label`)}
          items={navItems}
          footerItems={footerNavItems}
          footer={<NavLogoutButton compact={state.compact} />}
          {...state}
        />
      )}
      topBar={
        <>
          {user}
          <LanguageSwitcher className="shrink-0" />
          <LiveIndicator state={live} />
          {action}
        </>
      }
      formatPageTitle={(page) => t(`${area}.meta.pageTitle`, { page })}
      contentWidth={contentWidth}
    >
      {children}
    </AppShell>
  );
}
