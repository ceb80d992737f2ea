import '../admin-strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashLedgerRow } from '#shared/schemas/cash-schemas';
import { PageHeader } from '../../../ui/page-header';
import { useFlaggedColumns, useLedgerColumns, useRemittanceColumns } from '../cash/cash-columns';
import { RecordRemittanceDialog } from '../cash/record-remittance-dialog';
import { AdminListScreen } from '../components/admin-list-screen';

/**
 * /admin/cash: the cash ledger (docs/decisions/0009-drivers.md). Per driver what they collected
 * on delivery, handed in and still hold, the one who holds the most first; below, the cash
 * handed in and the cash orders delivered short. Order events refresh it live (admin layout).
 */
export function CashPage() {
  const { t } = useTranslation();
  const [recording, setRecording] = useState<CashLedgerRow | null>(null);
  const ledgerColumns = useLedgerColumns(setRecording);
  const remittanceColumns = useRemittanceColumns();
  const flaggedColumns = useFlaggedColumns();
  return (
    <>
      <PageHeader title={t('admin.cash.title')} lead={t('admin.cash.lead')} />
      <AdminListScreen
        variant="section"
        list="cashLedger"
        title={t('admin.cash.ledger.heading')}
        caption={t('admin.cash.ledger.caption')}
        searchLabel={t('admin.cash.ledger.searchLabel')}
        searchPlaceholder={t('admin.cash.ledger.searchPlaceholder')}
        emptyMessage={t('admin.cash.ledger.empty')}
        loadFailedMessage={t('admin.cash.loadFailed.cashLedger')}
        columns={ledgerColumns}
        rowKey={(row) => row.driverId}
      />
      <AdminListScreen
        variant="section"
        list="cashRemittances"
        title={t('admin.cash.remittances.heading')}
        caption={t('admin.cash.remittances.caption')}
        searchLabel={t('admin.cash.remittances.searchLabel')}
        searchPlaceholder={t('admin.cash.remittances.searchPlaceholder')}
        emptyMessage={t('admin.cash.remittances.empty')}
        loadFailedMessage={t('admin.cash.loadFailed.cashRemittances')}
        columns={remittanceColumns}
        rowKey={(row) => row.id}
      />
      <AdminListScreen
        variant="section"
        list="cashFlagged"
        title={t('admin.cash.flagged.heading')}
        lead={t('admin.cash.flagged.lead')}
        caption={t('admin.cash.flagged.caption')}
        searchLabel={t('admin.cash.flagged.searchLabel')}
        searchPlaceholder={t('admin.cash.flagged.searchPlaceholder')}
        emptyMessage={t('admin.cash.flagged.empty')}
        loadFailedMessage={t('admin.cash.loadFailed.cashFlagged')}
        columns={flaggedColumns}
        rowKey={(row) => row.orderId}
      />
      {recording && (
        <RecordRemittanceDialog driver={recording} onClose={() => setRecording(null)} />
      )}
    </>
  );
}
