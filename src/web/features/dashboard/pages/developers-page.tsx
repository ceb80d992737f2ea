import '../dashboard-strings';
import '../developers-strings';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orgRoleMay } from '#shared/organization-roles';
import { useSession } from '../../../lib/session/session-context';
import { PageHeader } from '../../../ui/page-header';
import { ToastRegion } from '../../../ui/toasts';
import { ApiKeysSection } from '../developers/api-keys-section';
import { PickupAddressSection } from '../developers/pickup-address-section';
import { WebhooksSection } from '../developers/webhooks-section';

/** /dashboard/developers: the owner's keys, webhooks and default pickup address. */
export function DevelopersPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!orgRoleMay(user?.organization?.role, 'manageIntegrations')) {
    return <Navigate to="/unauthorized" replace />;
  }
  return (
    <>
      <PageHeader title={t('developers.title')} lead={t('developers.lead')} />
      <PickupAddressSection />
      <ApiKeysSection />
      <WebhooksSection />
      <ToastRegion />
    </>
  );
}
