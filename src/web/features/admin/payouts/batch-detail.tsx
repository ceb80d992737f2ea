import { useState } from 'react';
import { CheckCircle2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRib } from '#shared/moroccan-identifiers';
import type { PayoutBatchItem } from '#shared/schemas/payout-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { CsvDownloadButton } from '../../../ui/csv-download-button';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import { notifyError } from '../../../ui/toasts';
import { useAdminListErrorText } from '../use-admin-error-text';
import { MarkPaidDialog } from './mark-paid-dialog';
import { downloadTransfers, usePayoutBatch } from './payouts-api';

function useItemColumns(): DataTableColumn<PayoutBatchItem>[] {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  return [
    {
      id: 'organization',
      header: t('admin.payouts.columns.organization'),
      cell: (row) => <span className="[overflow-wrap:anywhere]">{row.organizationName}</span>,
    },
    {
      id: 'holder',
      header: t('admin.payouts.columns.holder'),
      cell: (row) => <span className="[overflow-wrap:anywhere]">{row.ribHolder}</span>,
    },
    {
      id: 'rib',
      header: t('admin.payouts.columns.ribNumber'),
      cell: (row) => (
        <span dir="ltr" className="font-mono whitespace-nowrap">
          {formatRib(row.rib)}
        </span>
      ),
    },
    {
      id: 'amount',
      header: t('admin.payouts.columns.amount'),
      cell: (row) => <strong className="whitespace-nowrap">{mad(row.amount)}</strong>,
      align: 'end',
    },
    {
      id: 'reference',
      header: t('admin.payouts.columns.reference'),
      cell: (row) => (
        <span dir="ltr" className="font-mono text-xs whitespace-nowrap">
          {row.reference}
        </span>
      ),
    },
  ];
}

/** One batch: its transfers, the bank file and, until it is paid, "Mark as paid". */
export function BatchDetail({ batchId, onClose }: { batchId: string; onClose(): void }) {
  const { t } = useTranslation();
  const { mad, date } = useFormatters();
  const describeError = useAdminListErrorText();
  const query = usePayoutBatch(batchId);
  const columns = useItemColumns();
  const [markingPaid, setMarkingPaid] = useState(false);
  const close = (
    <button type="button" onClick={onClose} className={buttonClassName('ghost')}>
      <X aria-hidden="true" className="size-4" />
      {t('admin.payouts.detail.close')}
    </button>
  );

  if (query.isPending) {
    return (
      <Card className="mt-8" actions={close}>
        <LoadingState label={t('admin.payouts.detail.loading')} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card className="mt-8" actions={close}>
        <ErrorState
          message={describeError(query.error, t('admin.payouts.detail.loadFailed'))}
          onRetry={() => void query.refetch()}
        />
      </Card>
    );
  }
  const { batch, items } = query.data;
  return (
    <Card
      className="mt-8"
      title={t('admin.payouts.detail.title', { number: batch.number })}
      actions={close}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1 text-sm text-slate-700">
          <p>
            {t('admin.payouts.detail.lead', {
              transfers: items.length,
              total: mad(batch.total),
              date: date(batch.createdAt),
            })}
          </p>
          {batch.paidAt ? (
            <p className="flex items-center gap-2">
              <StatusBadge tone="green">{t('admin.payouts.status.paid')}</StatusBadge>
              {t('admin.payouts.detail.paidLine', {
                date: date(batch.paidAt),
                reference: batch.paidReference ?? '',
              })}
            </p>
          ) : (
            <StatusBadge tone="amber">{t('admin.payouts.status.unpaid')}</StatusBadge>
          )}
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <CsvDownloadButton
            download={() => downloadTransfers(batch.id, batch.number)}
            labels={{
              idle: t('admin.payouts.detail.download'),
              busy: t('admin.payouts.detail.downloading'),
              failed: t('admin.payouts.detail.downloadFailed'),
            }}
            onFailed={notifyError}
          />
          {!batch.paidAt && (
            <button
              type="button"
              onClick={() => setMarkingPaid(true)}
              className={buttonClassName('primary')}
            >
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {t('admin.payouts.detail.markPaid')}
            </button>
          )}
        </div>
      </div>
      <DataTable
        caption={t('admin.payouts.detail.caption')}
        columns={columns}
        rows={items}
        rowKey={(row) => row.organizationId}
      />
      {markingPaid && <MarkPaidDialog batch={batch} onClose={() => setMarkingPaid(false)} />}
    </Card>
  );
}
