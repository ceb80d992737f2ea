import './admin-strings';
import '../../i18n/security-strings';
import '../../i18n/manifests-strings';
import '../../i18n/runs-strings';
import './planning/planning-strings';
import { useTranslation } from 'react-i18next';
import {
  Banknote,
  ClipboardCheck,
  ClipboardList,
  FileText,
  HandCoins,
  Landmark,
  LayoutGrid,
  Mail,
  MapPinned,
  NotebookPen,
  PackageCheck,
  PackageX,
  LockKeyhole,
  Route,
  ScanLine,
  ScrollText,
  Settings,
  ShieldCheck,
  Truck,
  Milestone,
  Waypoints,
  Undo2,
  UserPlus,
  Users,
} from 'lucide-react';
import { SignedInUser } from '../../ui/app-shell';
import { AreaShell } from '../../ui/area-shell';
import type { SideNavItem } from '../../ui/side-nav';
import { useSession } from '../../lib/session/session-context';
import { adminQueryKeys } from './api/admin-api';
import { ToastRegion } from '../../ui/toasts';

/**
 * The back office's frame (docs/product.md, section 2, "Admin area"), in the customer dashboard's
 * visual language: its screens in the order of a day's work, a top bar naming the signed-in admin
 * and the live updates' state, and the toasts every admin action reports through. Its screens
 * follow every order live: each order event refreshes them.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const items: SideNavItem[] = [
    { to: '/admin', label: t('admin.nav.overview'), icon: LayoutGrid, end: true },
    { to: '/admin/tracking', label: t('admin.nav.tracking'), icon: Route },
    { to: '/admin/returns', label: t('admin.nav.returns'), icon: Undo2 },
    { to: '/admin/map', label: t('admin.nav.map'), icon: MapPinned },
    { to: '/admin/runs', label: t('runs.nav'), icon: Waypoints, end: true },
    { to: '/admin/runs/plan', label: t('planning.nav'), icon: Milestone },
    { to: '/admin/orders', label: t('admin.nav.orders'), icon: ClipboardList },
    { to: '/admin/scan', label: t('admin.nav.scan'), icon: ScanLine },
    { to: '/admin/confirmation-order', label: t('admin.nav.confirmation'), icon: ClipboardCheck },
    { to: '/admin/deliveries', label: t('admin.nav.deliveries'), icon: PackageCheck },
    { to: '/admin/cancelled', label: t('admin.nav.cancelled'), icon: PackageX },
    { to: '/admin/users', label: t('admin.nav.users'), icon: Users },
    { to: '/admin/trucks-active', label: t('admin.nav.trucks'), icon: Truck },
    { to: '/admin/revenue', label: t('admin.nav.revenue'), icon: Banknote },
    { to: '/admin/messages', label: t('admin.nav.messages'), icon: Mail },
    { to: '/admin/cash', label: t('admin.nav.cash'), icon: HandCoins },
    { to: '/admin/payouts', label: t('admin.nav.payouts'), icon: Landmark },
    { to: '/admin/invoices', label: t('admin.nav.invoices'), icon: FileText },
    { to: '/admin/manifests', label: t('manifests.admin.nav'), icon: NotebookPen },
    { to: '/admin/add-new', label: t('admin.nav.addNew'), icon: UserPlus },
    { to: '/admin/audit', label: t('admin.audit.nav'), icon: ScrollText },
    { to: '/admin/security', label: t('security.page.nav'), icon: LockKeyhole },
    { to: '/admin/settings', label: t('admin.nav.settings'), icon: Settings },
  ];

  return (
    <AreaShell
      area="admin"
      navItems={items}
      user={
        <>
          <SignedInUser icon={ShieldCheck} label={t('admin.topBar.signedInAs')} name={user?.email}>
            <span className="hidden shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 sm:inline">
              {t('admin.topBar.role')}
            </span>
          </SignedInUser>
          <span className="hidden text-sm font-semibold text-slate-500 md:inline">
            {t('admin.brand.area')}
          </span>
        </>
      }
      liveQueryKey={adminQueryKeys.all}
      contentWidth="max-w-7xl"
    >
      <ToastRegion />
    </AreaShell>
  );
}
