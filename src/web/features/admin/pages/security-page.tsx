import '../admin-strings';
import '../../../i18n/security-strings';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header';
import { SecondFactorCard, SessionsCard } from '../../../ui/security/security-cards';

/** The admin's Security page: their second factor and their sessions. */
export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('security.page.title')} lead={t('security.page.lead')} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <SecondFactorCard />
        <SessionsCard />
      </div>
    </>
  );
}
