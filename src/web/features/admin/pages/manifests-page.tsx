import '../admin-strings';
import '../../../i18n/manifests-strings';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileDown, Plus } from 'lucide-react';
import type { Manifest } from '#shared/schemas/manifest-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { ListScreen } from '../../../ui/list-screen';
import { StatusBadge } from '../../../ui/status-badge';
import { notifyError } from '../../../ui/toasts';
import { ADMIN_PAGE_SIZE } from '../api/admin-api';
import { AdminTime } from '../components/admin-time';
import { useAdminListStrings } from '../components/admin-list-screen';
import type { CardColumn } from '../../../ui/row-cards';
import {
  adminManifestListQuery,
  downloadAdminManifestPdf,
  downloadAdminManifestsCsv,
} from '../manifests/manifests-api';
import { useAdminListErrorText } from '../use-admin-error-text';

/** Saves the sheet's PDF, busy while it downloads. */
function PdfButton({ manifest }: { manifest: Manifest }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadAdminManifestPdf(manifest)
      .catch(() => notifyError(t('manifests.pdfFailed')))
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      onClick={download}
      disabled={busy}
      aria-label={t('manifests.pdfLabel', { number: manifest.number })}
      className={buttonClassName('secondary')}
    >
      <FileDown aria-hidden className="size-4" />
      {busy ? t('manifests.pdfBusy') : t('manifests.pdf')}
    </button>
  );
}

/**
 * /admin/manifests: every hand-over sheet, newest first (docs/decisions/0022-labels-manifests-
 * scanning.md, "Hand-over sheets"): the office's dispatch sheets and the merchants' collection
 * sheets, each as a PDF, and the way to a new one.
 */
export function ManifestsPage() {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  const strings = useAdminListStrings();
  const describeError = useAdminListErrorText();
  const columns: CardColumn<Manifest>[] = [
    {
      id: 'number',
      header: t('manifests.columns.number'),
      cell: (manifest) => (
        <span className="font-mono whitespace-nowrap tabular-nums">
          {t('manifests.number', { number: manifest.number })}
        </span>
      ),
    },
    {
      id: 'kind',
      header: t('manifests.columns.kind'),
      cell: (manifest) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge tone={manifest.kind === 'dispatch' ? 'blue' : 'amber'}>
            {t(`manifests.kinds.${manifest.kind}`)}
          </StatusBadge>
          {manifest.organization && (
            <span dir="auto" className="text-xs text-slate-600">
              {manifest.organization.name}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'date',
      header: t('manifests.columns.date'),
      cell: (manifest) => <AdminTime iso={manifest.createdAt} />,
    },
    {
      id: 'driver',
      header: t('manifests.columns.driver'),
      cell: (manifest) =>
        manifest.driver ? (
          <span dir="auto">{manifest.driver.name}</span>
        ) : (
          <span className="text-slate-500">{t('manifests.noDriver')}</span>
        ),
    },
    {
      id: 'truck',
      header: t('manifests.columns.truck'),
      cell: (manifest) => (
        <span dir="ltr" className="font-mono whitespace-nowrap">
          {manifest.truckNumber ?? '—'}
        </span>
      ),
    },
    {
      id: 'parcels',
      header: t('manifests.columns.parcels'),
      align: 'end',
      cell: (manifest) => <span className="tabular-nums">{manifest.parcelCount}</span>,
    },
    {
      id: 'total',
      header: t('manifests.columns.total'),
      align: 'end',
      cell: (manifest) => (
        <span className="font-semibold whitespace-nowrap tabular-nums">
          {mad(manifest.totalToCollect)}
        </span>
      ),
    },
    {
      id: 'pdf',
      header: t('manifests.columns.pdf'),
      cell: (manifest) => <PdfButton manifest={manifest} />,
    },
  ];
  const caption = t('manifests.admin.caption');
  const newSheet = (
    <Link to="/admin/manifests/new" className={buttonClassName('primary')}>
      <Plus aria-hidden className="size-4" />
      {t('manifests.admin.new')}
    </Link>
  );
  return (
    <ListScreen
      title={t('manifests.admin.title')}
      lead={t('manifests.admin.lead')}
      caption={caption}
      listQuery={adminManifestListQuery}
      pageSize={ADMIN_PAGE_SIZE}
      strings={{
        ...strings,
        count: (count, total) => t('manifests.count', { count, total }),
      }}
      rowKey={(manifest) => manifest.id}
      columns={columns}
      above={<div className="mb-4 flex justify-end">{newSheet}</div>}
      emptyMessage={t('manifests.admin.empty')}
      emptyAction={newSheet}
      describeError={(error) => describeError(error, t('manifests.admin.loadFailed'))}
      downloadCsv={downloadAdminManifestsCsv}
      onCsvFailed={notifyError}
    />
  );
}
