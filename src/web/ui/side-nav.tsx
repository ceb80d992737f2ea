import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { LucideIcon } from 'lucide-react';

export interface SideNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (an area's home), not on the paths under it. */
  end?: boolean;
  /** Another path prefix that belongs to this item (the customer's /orders/:id to Orders). */
  alsoActiveUnder?: string;
  /** A count beside the name (unread notifications), shown when above 0. */
  badge?: { count: number; label: string };
}

/** Past this, the badge says "99+": it tells that there is something new, not how much. */
export const MAX_BADGE_COUNT = 99;

export interface SideNavState {
  /** Icons only (the collapsed desktop sidebar); the names stay for screen readers. */
  compact?: boolean;
  /** Called after a link is followed, so the phone panel can close. */
  onNavigate?(): void;
}

interface SideNavProps extends SideNavState {
  label: string;
  items: readonly SideNavItem[];
  /** Pinned to the bottom, under a rule: more links, then the footer (Logout). */
  footerItems?: readonly SideNavItem[];
  footer?: ReactNode;
}

const itemClassName = (active: boolean, compact: boolean) =>
  `flex min-h-11 items-center gap-3 rounded-lg text-sm font-medium transition-colors ${
    compact ? 'justify-center px-0' : 'px-3'
  } ${active ? 'bg-white/15 text-white' : 'text-brand-100 hover:bg-white/10 hover:text-white'}`;

function SideNavEntry({ item, compact = false, onNavigate }: { item: SideNavItem } & SideNavState) {
  const { pathname } = useLocation();
  const Icon = item.icon;
  const alsoActive = item.alsoActiveUnder ? pathname.startsWith(item.alsoActiveUnder) : false;
  const badge = item.badge && item.badge.count > 0 ? item.badge : undefined;
  const badgeText =
    badge && (badge.count > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : String(badge.count));
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.end}
        onClick={onNavigate}
        title={compact ? item.label : undefined}
        className={({ isActive }) => itemClassName(isActive || alsoActive, compact)}
      >
        <span className="relative shrink-0">
          <Icon aria-hidden="true" className="size-5" />
          {badge && compact && (
            <span
              aria-hidden="true"
              className="absolute -end-2.5 -top-2 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent-500 px-1 text-[0.625rem] leading-none font-bold text-brand-950 tabular-nums"
            >
              {badgeText}
            </span>
          )}
        </span>
        <span className={compact ? 'sr-only' : 'truncate'}>{item.label}</span>
        {badge && (
          <>
            {!compact && (
              <span
                aria-hidden="true"
                className="ms-auto rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold text-brand-950 tabular-nums"
              >
                {badgeText}
              </span>
            )}
            {/* The space keeps the name "Notifications 3 unread", not "Notifications3 unread". */}
            <span className="sr-only"> {badge.label}</span>
          </>
        )}
      </NavLink>
    </li>
  );
}

interface SideNavButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  icon: LucideIcon;
  label: string;
  compact?: boolean;
  /** The icon points a way (Logout's arrow): it turns around right to left. */
  directional?: boolean;
}

/** An action in the look of the side navigation's links (Logout). */
export function SideNavButton({
  icon: Icon,
  label,
  compact = false,
  directional = false,
  ...props
}: SideNavButtonProps) {
  return (
    <button
      type="button"
      title={compact ? label : undefined}
      className={`w-full disabled:opacity-60 ${itemClassName(false, compact)}`}
      {...props}
    >
      <Icon
        aria-hidden="true"
        className={`size-5 shrink-0 ${directional ? 'rtl:-scale-x-100' : ''}`}
      />
      <span className={compact ? 'sr-only' : ''}>{label}</span>
    </button>
  );
}

/** An area's sidebar links, for the desktop sidebar and the phone panel alike. */
export function SideNav({
  label,
  items,
  footerItems = [],
  footer,
  compact = false,
  onNavigate,
}: SideNavProps) {
  return (
    <nav aria-label={label} className="flex flex-1 flex-col gap-4">
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <SideNavEntry key={item.to} item={item} compact={compact} onNavigate={onNavigate} />
        ))}
      </ul>
      <ul className="mt-auto flex flex-col gap-1 border-t border-white/10 pt-4">
        {footerItems.map((item) => (
          <SideNavEntry key={item.to} item={item} compact={compact} onNavigate={onNavigate} />
        ))}
        {footer && <li>{footer}</li>}
      </ul>
    </nav>
  );
}
