import '../dashboard-strings';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRoleTone } from '#shared/order-status';
import type { PublicUser } from '#shared/schemas/user-schemas';
import { LanguageSwitcher } from '../../../i18n/language-switcher';
import { useFormatters } from '../../../i18n/use-formatters';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import { useProfile } from '../api/dashboard-queries';
import { ChangePasswordCard, OtherDevicesCard } from '../components/account-security';
import { BillingCard } from '../components/billing-card';
import { Card } from '../../../ui/card';
import { DetailList, type Detail } from '../../../ui/detail-list';
import { PageHeader } from '../../../ui/page-header';
import { ToastRegion } from '../../../ui/toasts';
import { SecondFactorCard, SessionsCard } from '../../../ui/security/security-cards';
import { readProfile } from '../read-profile';

/** The company or individual details, in the order the sign-up form asks for them. */
function useTypeDetails(user: PublicUser): { title: string; details: Detail[] } | null {
  const { t } = useTranslation();
  if (user.company) {
    const { companyName, rc, nIf, responsableName, phone, address } = user.company;
    return {
      title: t('dashboard.profile.companySection'),
      details: [
        { label: t('dashboard.profile.company.companyName'), value: companyName },
        { label: t('dashboard.profile.company.rc'), value: rc },
        { label: t('dashboard.profile.company.nIf'), value: nIf },
        { label: t('dashboard.profile.company.responsableName'), value: responsableName },
        { label: t('dashboard.profile.company.phone'), value: phone },
        { label: t('dashboard.profile.company.address'), value: address },
      ],
    };
  }
  if (user.individual) {
    const { fullName, nationalId, phone, address } = user.individual;
    return {
      title: t('dashboard.profile.individualSection'),
      details: [
        { label: t('dashboard.profile.individual.fullName'), value: fullName },
        { label: t('dashboard.profile.individual.nationalId'), value: nationalId },
        { label: t('dashboard.profile.individual.phone'), value: phone },
        { label: t('dashboard.profile.individual.address'), value: address },
      ],
    };
  }
  return null;
}

/**
 * The one thing a customer changes here: the language of the site and of what the app sends them
 * (docs/decisions/0010-languages.md). A switch saves it on the account.
 */
function AccountLanguage() {
  const { t } = useTranslation();
  const ids = { hint: useId(), failure: useId() };
  const [failed, setFailed] = useState(false);
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <LanguageSwitcher
        showLabel
        describedBy={failed ? `${ids.hint} ${ids.failure}` : ids.hint}
        onSwitched={(result) => setFailed(result === 'failed')}
      />
      <p id={ids.hint} className="mt-1 text-sm text-slate-600">
        {t('dashboard.profile.languageHint')}
      </p>
      {failed && (
        <p id={ids.failure} role="alert" className="mt-1 text-sm text-red-700">
          {t('dashboard.profile.languageSaveFailed')}
        </p>
      )}
    </div>
  );
}

function ProfileDetails({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const typeDetails = useTypeDetails(user);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('dashboard.profile.accountSection')}>
        <DetailList
          columns="auto"
          details={[
            { label: t('dashboard.profile.email'), value: user.email },
            {
              label: t('dashboard.profile.role'),
              value: <StatusBadge tone={getRoleTone(user.role)}>{user.role}</StatusBadge>,
            },
            ...(user.userType
              ? [
                  {
                    label: t('dashboard.profile.userType'),
                    value: t(`dashboard.profile.userTypes.${user.userType}`),
                  },
                ]
              : []),
            { label: t('dashboard.profile.memberSince'), value: date(user.createdAt) },
          ]}
        />
        <AccountLanguage />
      </Card>
      {typeDetails && (
        <Card title={typeDetails.title}>
          <DetailList columns="auto" details={typeDetails.details} />
        </Card>
      )}
      {user.organization && (
        // docs/decisions/0014-organizations.md: an invited member has no company or individual
        // details of their own; they see the organization they work in and their role.
        <Card title={t('dashboard.team.profile.organizationSection')}>
          <DetailList
            columns="auto"
            details={[
              { label: t('dashboard.team.profile.organization'), value: user.organization.name },
              {
                label: t('dashboard.team.profile.role'),
                value: t(`dashboard.team.roles.${user.organization.role}`),
              },
            ]}
          />
          {!typeDetails && (
            <p className="mt-4 text-sm text-slate-600">{t('dashboard.team.profile.memberNote')}</p>
          )}
        </Card>
      )}
    </div>
  );
}

/**
 * docs/product.md, section 2, /dashboard/profile: the details are read-only and depend on the
 * user type; the password and the other devices' sessions are the customer's to change
 * (docs/decisions/0011-hardening.md), and the Security cards: the second factor and each session
 * (docs/decisions/0015-second-factor-and-sessions.md).
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const query = useProfile();
  const user = useMemo(
    () => (query.data === undefined ? undefined : readProfile(query.data)),
    [query.data],
  );

  let body;
  if (query.isPending) {
    body = <LoadingState />;
  } else if (query.isError) {
    body = (
      <ErrorState
        message={t('dashboard.profile.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!user) {
    body = (
      <ErrorState message={t('dashboard.profile.invalid')} onRetry={() => void query.refetch()} />
    );
  } else {
    body = (
      <>
        <ProfileDetails user={user} />
        <div className="mt-4 grid items-start gap-4 lg:grid-cols-2">
          <BillingCard />
          <ChangePasswordCard />
          <OtherDevicesCard />
          <SecondFactorCard />
          <SessionsCard />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('dashboard.profile.title')} lead={t('dashboard.profile.lead')} />
      {body}
      <ToastRegion />
    </>
  );
}
