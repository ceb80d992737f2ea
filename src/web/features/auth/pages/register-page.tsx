import '../../../i18n/auth-strings';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Building2, User } from 'lucide-react';
import { AuthCard, authLinkClassName } from '../../../ui/auth-card';
import { RegistrationForm, type AccountType } from '../components/registration-form';
import { homePathFor, useSession } from '../../../lib/session/session-context';

const tabs = [
  {
    type: 'company',
    to: '/register/company',
    labelKey: 'auth.register.companyTab',
    Icon: Building2,
  },
  {
    type: 'individual',
    to: '/register/individual',
    labelKey: 'auth.register.individualTab',
    Icon: User,
  },
] as const;

function RegisterPage({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (user) return <Navigate to={homePathFor(user)} replace />;

  return (
    <AuthCard
      wide
      title={t('auth.register.title')}
      lead={t('auth.register.lead')}
      footer={
        <>
          {t('auth.register.haveAccount')}{' '}
          <Link to="/login" className={authLinkClassName}>
            {t('auth.register.login')}
          </Link>
        </>
      }
    >
      <nav aria-label={t('auth.register.accountType')} className="mb-6">
        <ul className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
          {tabs.map(({ type, to, labelKey, Icon }) => {
            const current = type === accountType;
            return (
              <li key={type}>
                <Link
                  to={to}
                  replace
                  aria-current={current ? 'page' : undefined}
                  className={`flex min-h-10 items-center justify-center gap-2 rounded-md px-3 text-sm font-semibold transition-colors ${
                    current
                      ? 'bg-white text-brand-800 shadow-sm'
                      : 'text-slate-600 hover:bg-white/60 hover:text-slate-900'
                  }`}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(labelKey)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* A new form for each tab: their fields differ. */}
      <RegistrationForm key={accountType} accountType={accountType} />
    </AuthCard>
  );
}

/** /register and /register/company: the Company tab. */
export function CompanyRegisterPage() {
  return <RegisterPage accountType="company" />;
}

/** /register/individual: the Individual tab. */
export function IndividualRegisterPage() {
  return <RegisterPage accountType="individual" />;
}
