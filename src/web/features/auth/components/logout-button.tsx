import '../auth-strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { useSession } from '../session/session-context';

/** Ends the session (server first, then always locally) and goes to /login. */
export function LogoutButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void logout();
      }}
      className={`${buttonClassName('secondary')} ${className}`}
    >
      <LogOut aria-hidden="true" className="size-4" />
      {busy ? t('auth.logout.busy') : t('auth.logout.submit')}
    </button>
  );
}
