import '../../../i18n/auth-strings';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { AuthCard } from '../../../ui/auth-card';
import { useSession } from '../../../lib/session/session-context';

/** Where a signed-in customer lands when opening an admin page. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <AuthCard
      title={t('auth.unauthorized.title')}
      icon={
        <span className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-accent-600 ring-1 ring-amber-200">
          <ShieldAlert aria-hidden="true" className="size-7" />
        </span>
      }
      lead={<p>{t('auth.unauthorized.body')}</p>}
    >
      <div className="flex flex-col gap-3">
        <Link to="/" className={`${buttonClassName('primary', 'lg')} w-full`}>
          {t('auth.unauthorized.home')}
        </Link>
        {user && user.role !== 'ADMIN' && (
          <Link to="/dashboard" className={`${buttonClassName('secondary', 'lg')} w-full`}>
            {t('auth.unauthorized.dashboard')}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
