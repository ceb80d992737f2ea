import '../../../i18n/auth-strings';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, MailCheck } from 'lucide-react';
import { buttonClassName } from '../../../ui/button-styles';
import { AuthCard, authLinkClassName } from '../../../ui/auth-card';

export function CheckEmailPage() {
  const { t } = useTranslation();
  const state: unknown = useLocation().state;
  const passedEmail =
    typeof state === 'object' &&
    state !== null &&
    'email' in state &&
    typeof state.email === 'string'
      ? state.email
      : null;
  const email = passedEmail ?? t('auth.checkEmail.yourEmail');

  return (
    <AuthCard
      title={t('auth.checkEmail.title')}
      icon={
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-800 ring-1 ring-brand-100">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
      }
      lead={<p className="break-words">{t('auth.checkEmail.sentTo', { email })}</p>}
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2.5 font-medium text-green-800"
        >
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          {t('auth.checkEmail.sent')}
        </p>
        <p>{t('auth.checkEmail.expires')}</p>
        <p>{t('auth.checkEmail.spam')}</p>
        <p>
          {t('auth.checkEmail.noEmail')}{' '}
          <Link to="/forgot-password" className={authLinkClassName}>
            {t('auth.checkEmail.tryAgain')}
          </Link>
        </p>
        <Link to="/login" className={`${buttonClassName('primary', 'lg')} w-full`}>
          {t('auth.checkEmail.backToLogin')}
        </Link>
      </div>
    </AuthCard>
  );
}
