import '../i18n/auth-strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { buttonClassName } from './button-styles';
import { SideNavButton } from './side-nav';
import { useSession } from '../lib/session/session-context';

/** Ends the session (server first, then always locally) and goes to /login. */
function useLogout() {
  const { t } = useTranslation();
  const { logout } = useSession();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    label: busy ? t('auth.logout.busy') : t('auth.logout.submit'),
    logout: () => {
      setBusy(true);
      void logout();
    },
  };
}

export function LogoutButton({ className = '' }: { className?: string }) {
  const { busy, label, logout } = useLogout();
  return (
    <button
      type="button"
      disabled={busy}
      onClick={logout}
      className={`${buttonClassName('secondary')} ${className}`}
    >
      <LogOut aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {label}
    </button>
  );
}

/** Logout at the foot of an area's side navigation (docs/product.md, section 2). */
export function NavLogoutButton({ compact = false }: { compact?: boolean }) {
  const { busy, label, logout } = useLogout();
  return (
    <SideNavButton
      icon={LogOut}
      directional
      label={label}
      compact={compact}
      disabled={busy}
      onClick={logout}
    />
  );
}
