import '../dashboard-strings';
import '../imports-strings';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orgRoleMay } from '#shared/organization-roles';
import { useSession } from '../../../lib/session/session-context';
import { PageHeader } from '../../../ui/page-header';

/** /dashboard/import: a spreadsheet of parcels, checked row by row, then created in one go. */
export function ImportPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!orgRoleMay(user?.organization?.role, 'book')) {
    return <Navigate to="/unauthorized" replace />;
  }
  return <PageHeader title={t('imports.title')} lead={t('imports.lead')} />;
}
