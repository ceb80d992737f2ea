import './dashboard-strings';
import '../../i18n/manifests-strings';
import { useTranslation } from 'react-i18next';
import {
  Bell,
  ClipboardList,
  Code,
  FileText,
  FileUp,
  LayoutGrid,
  NotebookPen,
  PackageCheck,
  PackageX,
  Truck,
  Undo2,
  UserRound,
  UsersRound,
  Wallet,
} from 'lucide-react';
import { orgRoleMay } from '#shared/organization-roles';
import { SignedInUser } from '../../ui/app-shell';
import { AreaShell } from '../../ui/area-shell';
import { MAX_BADGE_COUNT, type SideNavItem } from '../../ui/side-nav';
import { useSession } from '../../lib/session/session-context';
import { dashboardQueryKeys, useUnreadNotificationCount } from './api/dashboard-queries';
import { NewOrderLink } from './components/new-order-link';

/**
 * The customer area's frame (docs/product.md, section 2, "Sidebar"): its screens with the unread
 * notifications, the profile link and Logout, and a top bar with the user's name, the live updates'
 * state and the one primary action, New order. Its screens follow the customer's orders live: every
 * order event refreshes them.
 */
export function DashboardLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  // An admin opening a customer's order page sees it in this frame, but has no notifications.
  const unread = useUnreadNotificationCount({ enabled: user?.role !== 'ADMIN' });
  const unreadCount = unread.data ?? 0;
  const items: SideNavItem[] = [
    { to: '/dashboard', label: t('dashboard.nav.dashboard'), icon: LayoutGrid, end: true },
    { to: '/dashboard/tracking', label: t('dashboard.nav.tracking'), icon: Truck },
    { to: '/dashboard/returns', label: t('dashboard.returns.nav'), icon: Undo2 },
    { to: '/dashboard/deliveries', label: t('dashboard.nav.deliveries'), icon: PackageCheck },
    { to: '/dashboard/cancelled', label: t('dashboard.nav.cancelled'), icon: PackageX },
    {
      to: '/dashboard/orders',
      label: t('dashboard.nav.orders'),
      icon: ClipboardList,
      alsoActiveUnder: '/orders/',
    },
    { to: '/dashboard/manifests', label: t('manifests.dashboard.nav'), icon: NotebookPen },
    {
      to: '/dashboard/notifications',
      label: t('dashboard.nav.notifications'),
      icon: Bell,
      badge: {
        count: unreadCount,
        label:
          unreadCount > MAX_BADGE_COUNT
            ? t('dashboard.nav.unreadMany', { count: MAX_BADGE_COUNT })
            : t('dashboard.nav.unread', { count: unreadCount }),
      },
    },
  ];
  // docs/decisions/0014-organizations.md: the team page is the owner's.
  // docs/decisions/0020-merchant-money.md: money is for the owner and the accountant.
  if (orgRoleMay(user?.organization?.role, 'readMoney')) {
    items.push(
      { to: '/dashboard/payouts', label: t('dashboard.nav.payouts'), icon: Wallet },
      { to: '/dashboard/invoices', label: t('dashboard.nav.invoices'), icon: FileText },
    );
  }
  if (orgRoleMay(user?.organization?.role, 'book')) {
    items.push({ to: '/dashboard/import', label: t('dashboard.nav.import'), icon: FileUp });
  }
  if (orgRoleMay(user?.organization?.role, 'manageTeam')) {
    items.push({ to: '/dashboard/team', label: t('dashboard.team.nav'), icon: UsersRound });
  }
  // docs/decisions/0021-shippers-api.md: keys and webhooks are the owner's.
  if (orgRoleMay(user?.organization?.role, 'manageIntegrations')) {
    items.push({ to: '/dashboard/developers', label: t('dashboard.nav.developers'), icon: Code });
  }
  const footerItems: SideNavItem[] = [
    { to: '/dashboard/profile', label: t('dashboard.nav.profile'), icon: UserRound },
  ];

  return (
    <AreaShell
      area="dashboard"
      navItems={items}
      footerNavItems={footerItems}
      user={
        <SignedInUser icon={UserRound} label={t('dashboard.topBar.signedInAs')} name={user?.name} />
      }
      action={<NewOrderLink className="shrink-0">{t('dashboard.topBar.newOrder')}</NewOrderLink>}
      liveQueryKey={dashboardQueryKeys.all}
      contentWidth="max-w-6xl"
    />
  );
}
