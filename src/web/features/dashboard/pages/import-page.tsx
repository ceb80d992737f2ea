import '../dashboard-strings';
import '../imports-strings';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orgRoleMay } from '#shared/organization-roles';
import { useSession } from '../../../lib/session/session-context';
import { LoadingState } from '../../../ui/spinner';
import { PageHeader } from '../../../ui/page-header';
import { ErrorState } from '../../../ui/query-states';
import { ImportResultCard } from '../imports/import-result-card';
import { ImportReviewCard } from '../imports/import-review-card';
import { ImportTemplatesCard } from '../imports/import-templates-card';
import { ImportUploadCard } from '../imports/import-upload-card';
import { useImport } from '../imports/import-queries';

/**
 * /dashboard/import: a spreadsheet of parcels, checked row by row, then created in one go. The
 * import being reviewed is in the address (`?id=`), so a reload or a shared link keeps it.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const importId = search.get('id') ?? undefined;
  const detail = useImport(importId);
  if (!orgRoleMay(user?.organization?.role, 'book')) {
    return <Navigate to="/unauthorized" replace />;
  }
  const startAgain = () => setSearch({}, { replace: false });

  return (
    <>
      <PageHeader title={t('imports.title')} lead={t('imports.lead')} />
      <div className="flex flex-col gap-6">
        {importId === undefined ? (
          <>
            <ImportTemplatesCard />
            <ImportUploadCard onChecked={(summary) => setSearch({ id: summary.id })} />
          </>
        ) : detail.isPending ? (
          <LoadingState label={t('imports.summary.loading')} />
        ) : detail.isError ? (
          <ErrorState message={t('imports.summary.loadFailed')} onRetry={() => detail.refetch()} />
        ) : detail.data.status === 'confirmed' ? (
          <ImportResultCard
            importId={detail.data.id}
            created={detail.data.created ?? 0}
            onAnother={startAgain}
          />
        ) : (
          <ImportReviewCard detail={detail.data} onAnother={startAgain} />
        )}
      </div>
    </>
  );
}
