import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Banknote,
  ClipboardCheck,
  ClipboardList,
  LayoutGrid,
  LogOut,
  PackageCheck,
  PackageX,
  Route,
  Truck,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useSession } from '../../auth/session/session-context';

interface NavItem {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  /** Pages under this prefix belong to this item (an order page belongs to All Orders). */
  alsoActiveUnder?: string;
}

/** SPEC section 2, "Admin area": the back office's screens in the order of a day's work. */
const items: NavItem[] = [
  { to: '/admin', labelKey: 'admin.nav.overview', icon: LayoutGrid },
  { to: '/admin/tracking', labelKey: 'admin.nav.tracking', icon: Route },
  {
    to: '/admin/orders',
    labelKey: 'admin.nav.orders',
    icon: ClipboardList,
    alsoActiveUnder: '/admin/orders/',
  },
  { to: '/admin/confirmation-order', labelKey: 'admin.nav.confirmation', icon: ClipboardCheck },
  { to: '/admin/deliveries', labelKey: 'admin.nav.deliveries', icon: PackageCheck },
  { to: '/admin/cancelled', labelKey: 'admin.nav.cancelled', icon: PackageX },
  { to: '/admin/users', labelKey: 'admin.nav.users', icon: Users },
  { to: '/admin/trucks-active', labelKey: 'admin.nav.trucks', icon: Truck },
  { to: '/admin/revenue', labelKey: 'admin.nav.revenue', icon: Banknote },
  { to: '/admin/add-new', labelKey: 'admin.nav.addNew', icon: UserPlus },
];

interface AdminNavProps {
  /** Icons only (the collapsed desktop sidebar); the names stay for screen readers. */
  compact?: boolean;
  /** Called after a link is followed, so the mobile panel can close. */
  onNavigate?: () => void;
}

const itemClassName = (active: boolean, compact: boolean) =>
  `flex min-h-11 items-center gap-3 rounded-lg text-sm font-medium transition-colors ${
    compact ? 'justify-center px-0' : 'px-3'
  } ${active ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'}`;

function NavEntry({ item, compact = false, onNavigate }: { item: NavItem } & AdminNavProps) {
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
        className={({ isActive }) => itemClassName(isActive || alsoActive, compact)}
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <span className={compact ? 'sr-only' : 'truncate'}>{label}</span>
      </NavLink>
    </li>
  );
}

/** The admin log-out (SPEC section 2): clears token, user and id, then /login. */
function NavLogoutButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const [busy, setBusy] = useState(false);
  const label = busy ? t('admin.nav.loggingOut') : t('admin.nav.logout');
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

export function AdminNav({ compact = false, onNavigate }: AdminNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.nav.label')} className="flex flex-1 flex-col gap-4">
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <NavEntry key={item.to} item={item} compact={compact} onNavigate={onNavigate} />
        ))}
      </ul>
      <ul className="mt-auto flex flex-col gap-1 border-t border-white/10 pt-4">
        <li>
          <NavLogoutButton compact={compact} />
        </li>
      </ul>
    </nav>
  );
}
