import '../dashboard-strings';
import '../../../i18n/manifests-strings';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { orgRoleMay } from '#shared/organization-roles';
import type { Manifest } from '#shared/schemas/manifest-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { buttonClassName } from '../../../ui/button-styles';
import { PdfDownloadButton } from '../../../ui/pdf-download-button';
import { Card } from '../../../ui/card';
import type { DataTableColumn } from '../../../ui/data-table';
import { FormAlert } from '../../../ui/form-alert';
import { ListScreen } from '../../../ui/list-screen';
import { ManifestParcelTable } from '../../../ui/manifest-parcel-table';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { DASHBOARD_PAGE_SIZE } from '../api/dashboard-queries';
import {
  downloadManifestPdf,
  manifestListQuery,
  useCollectionParcels,
  useCreateCollectionManifest,
} from '../api/manifest-queries';

/** Saves the manifest's PDF; says so under the button when the download fails. */
function PdfButton({ manifest }: { manifest: Manifest }) {
  const { t } = useTranslation();
  return (
    <PdfDownloadButton
      download={() => downloadManifestPdf(manifest)}
      ariaLabel={t('manifests.pdfLabel', { number: manifest.number })}
      labels={{
        idle: t('manifests.pdf'),
        busy: t('manifests.pdfBusy'),
        failed: t('manifests.pdfFailed'),
      }}
    />
  );
}

/** The parcels awaiting pickup, ticked for a new sheet; creating it saves the PDF. */
function NewCollectionSheet({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const parcels = useCollectionParcels(true);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string>();
  const create = useCreateCollectionManifest();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const orderIds = (parcels.data ?? [])
      .filter((parcel) => selected.has(parcel.id))
      .map((parcel) => parcel.id);
    if (orderIds.length === 0) return;
    setError(undefined);
    create.mutate(
      { orderIds },
      {
        onSuccess: async (created) => {
          await downloadManifestPdf(created).catch(() => setError(t('manifests.pdfFailed')));
          onDone();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.message
              ? failure.message
              : t('manifests.new.failed'),
          ),
      },
    );
  };
  return (
    <Card
      title={t('manifests.dashboard.newTitle')}
      className="mb-6"
      actions={
        <button type="button" onClick={onDone} className={buttonClassName('ghost')}>
          {t('manifests.dashboard.close')}
        </button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">{t('manifests.dashboard.newLead')}</p>
      {parcels.isPending ? (
        <LoadingState label={t('manifests.parcels.loading')} />
      ) : parcels.isError ? (
        <ErrorState
          message={t('manifests.parcels.loadFailed')}
          onRetry={() => void parcels.refetch()}
        />
      ) : parcels.data.length === 0 ? (
        <EmptyState message={t('manifests.dashboard.noParcels')} />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <ManifestParcelTable
            parcels={parcels.data}
            selected={selected}
            onChange={(next) => {
              setSelected(next);
              setError(undefined);
            }}
            showDriver
          />
          <FormAlert>{error}</FormAlert>
          <div>
            <BusySubmitButton
              busy={create.isPending}
              disabled={selected.size === 0}
              label={t('manifests.new.create')}
              busyLabel={t('manifests.new.creating')}
            />
          </div>
        </form>
      )}
    </Card>
  );
}

/**
 * /dashboard/manifests: the organization's collection sheets (docs/decisions/0022-labels-
 * manifests-scanning.md, "Hand-over sheets"), each as a PDF, and a new one for the parcels a
 * driver collects: members who may print make them, every member reads them.
 */
export function ManifestsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { mad, date } = useFormatters();
  const [creating, setCreating] = useState(false);
  const mayPrint = orgRoleMay(user?.organization?.role, 'print');
  const columns: DataTableColumn<Manifest>[] = [
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
      id: 'date',
      header: t('manifests.columns.date'),
      cell: (manifest) => date(manifest.createdAt),
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
        <span className="whitespace-nowrap tabular-nums">{mad(manifest.totalToCollect)}</span>
      ),
    },
    {
      id: 'pdf',
      header: t('manifests.columns.pdf'),
      cell: (manifest) => <PdfButton manifest={manifest} />,
    },
  ];
  const caption = t('manifests.dashboard.caption');
  const newSheet = mayPrint && !creating && (
    <button type="button" onClick={() => setCreating(true)} className={buttonClassName('primary')}>
      <Plus aria-hidden className="size-4" />
      {t('manifests.dashboard.new')}
    </button>
  );
  return (
    <ListScreen
      title={t('manifests.dashboard.title')}
      lead={t('manifests.dashboard.lead')}
      caption={caption}
      listQuery={manifestListQuery}
      pageSize={DASHBOARD_PAGE_SIZE}
      strings={{
        searchLabel: t('dashboard.lists.searchLabel'),
        count: (count, total) => t('manifests.count', { count, total }),
        csv: {
          idle: t('dashboard.lists.downloadCsv'),
          busy: t('dashboard.lists.downloadingCsv'),
          failed: t('dashboard.lists.downloadFailed'),
        },
      }}
      rowKey={(manifest) => manifest.id}
      columns={columns}
      above={
        creating ? (
          <NewCollectionSheet onDone={() => setCreating(false)} />
        ) : (
          newSheet && <div className="mb-4 flex justify-end">{newSheet}</div>
        )
      }
      emptyMessage={t('manifests.dashboard.empty')}
      describeError={() => t('manifests.dashboard.loadFailed')}
    />
  );
}
