import '../../../i18n/auth-strings';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { AuthCard } from '../../../ui/auth-card';

export function ResetSuccessPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('auth.resetSuccess.title')}
      icon={
        <span className="flex size-14 items-center justify-center rounded-full bg-green-50 text-green-700 ring-1 ring-green-200">
          <CircleCheck aria-hidden="true" className="size-7" />
        </span>
      }
      lead={<p>{t('auth.resetSuccess.body')}</p>}
    >
      <Link to="/login" className={`${buttonClassName('primary', 'lg')} w-full`}>
        {t('auth.resetSuccess.backToLogin')}
      </Link>
    </AuthCard>
  );
}
