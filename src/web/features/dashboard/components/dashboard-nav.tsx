import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Bell,
  ClipboardList,
  LayoutGrid,
  LogOut,
  PackageCheck,
  PackageX,
  Truck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useSession } from '../../auth/session/session-context';

interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  /** Other paths that belong to this item (an order page belongs to Orders). */
  alsoActiveUnder?: string;
}

const mainItems: NavItem[] = [
  { to: '/dashboard', labelKey: 'dashboard.nav.dashboard', icon: LayoutGrid },
  { to: '/dashboard/tracking', labelKey: 'dashboard.nav.tracking', icon: Truck },
  { to: '/dashboard/deliveries', labelKey: 'dashboard.nav.deliveries', icon: PackageCheck },
  { to: '/dashboard/cancelled', labelKey: 'dashboard.nav.cancelled', icon: PackageX },
  {
    to: '/dashboard/orders',
    labelKey: 'dashboard.nav.orders',
    icon: ClipboardList,
    alsoActiveUnder: '/orders/',
  },
  { to: '/dashboard/notifications', labelKey: 'dashboard.nav.notifications', icon: Bell },
];
const profileItem: NavItem = {
  to: '/dashboard/profile',
  labelKey: 'dashboard.nav.profile',
  icon: UserRound,
};

interface DashboardNavProps {
  /** Icons only (the collapsed desktop sidebar); the names stay for screen readers. */
  compact?: boolean;
  /** Called after a link is followed, so the mobile panel can close. */
  onNavigate?: () => void;
}

const itemClassName = (active: boolean, compact: boolean) =>
  `flex min-h-11 items-center gap-3 rounded-lg text-sm font-medium transition-colors ${
    compact ? 'justify-center px-0' : 'px-3'
  } ${active ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'}`;

function NavEntry({ item, compact, onNavigate }: { item: NavItem } & DashboardNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const label = t(item.labelKey);
  const Icon = item.icon;
  const alsoActive = item.alsoActiveUnder ? pathname.startsWith(item.alsoActiveUnder) : false;
  return (
    <li>
      <NavLink
        to={item.to}
        end
        onClick={onNavigate}
        title={compact ? label : undefined}
        className={({ isActive }) => itemClassName(isActive || alsoActive, Boolean(compact))}
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <span className={compact ? 'sr-only' : 'truncate'}>{label}</span>
      </NavLink>
    </li>
  );
}

/** Ends the session (server first, then always here) and goes to /login, like LogoutButton. */
function NavLogoutButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const [busy, setBusy] = useState(false);
  const label = busy ? t('dashboard.nav.loggingOut') : t('dashboard.nav.logout');
  return (
    <button
      type="button"
      disabled={busy}
      title={compact ? label : undefined}
      onClick={() => {
        setBusy(true);
        void logout();
      }}
      className={`w-full disabled:opacity-60 ${itemClassName(false, compact)}`}
    >
      <LogOut aria-hidden="true" className="size-5 shrink-0" />
      <span className={compact ? 'sr-only' : ''}>{label}</span>
    </button>
  );
}

/** The sidebar's links, the profile link and Logout (SPEC section 2, "Sidebar"). */
export function DashboardNav({ compact = false, onNavigate }: DashboardNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('dashboard.nav.label')} className="flex flex-1 flex-col gap-4">
      <ul className="flex flex-col gap-1">
        {mainItems.map((item) => (
          <NavEntry key={item.to} item={item} compact={compact} onNavigate={onNavigate} />
        ))}
      </ul>
      <ul className="mt-auto flex flex-col gap-1 border-t border-white/10 pt-4">
        <NavEntry item={profileItem} compact={compact} onNavigate={onNavigate} />
        <li>
          <NavLogoutButton compact={compact} />
        </li>
      </ul>
    </nav>
  );
}
