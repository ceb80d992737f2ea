import '../admin-strings';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashLedgerRow } from '#shared/schemas/cash-schemas';
import { PageHeader } from '../../../ui/page-header';
import { useFlaggedColumns, useLedgerColumns, useRemittanceColumns } from '../cash/cash-columns';
import { RecordRemittanceDialog } from '../cash/record-remittance-dialog';
import { AdminListScreen } from '../components/admin-list-screen';

type CashList = 'cashLedger' | 'cashRemittances' | 'cashFlagged';

/** One of the page's lists, its words under admin.cash.<words> (the heading, search, empty text). */
function CashSection<List extends CashList>({
  list,
  words,
  withLead = false,
  columns,
  rowKey,
}: {
  list: List;
  words: 'ledger' | 'remittances' | 'flagged';
  /** Whether the section has a line under its heading (admin.cash.<words>.lead). */
  withLead?: boolean;
} & Pick<ComponentProps<typeof AdminListScreen<List>>, 'columns' | 'rowKey'>) {
  const { t } = useTranslation();
  return (
    <AdminListScreen
      variant="section"
      list={list}
      title={t(`admin.cash.${words}.heading`)}
      lead={withLead ? t(`admin.cash.${words}.lead`) : undefined}
      caption={t(`admin.cash.${words}.caption`)}
      searchLabel={t(`admin.cash.${words}.searchLabel`)}
      searchPlaceholder={t(`admin.cash.${words}.searchPlaceholder`)}
      emptyMessage={t(`admin.cash.${words}.empty`)}
      loadFailedMessage={t(`admin.cash.loadFailed.${list}`)}
      columns={columns}
      rowKey={rowKey}
    />
  );
}

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
      <CashSection
        list="cashLedger"
        words="ledger"
        columns={ledgerColumns}
        rowKey={(row) => row.driverId}
      />
      <CashSection
        list="cashRemittances"
        words="remittances"
        columns={remittanceColumns}
        rowKey={(row) => row.id}
      />
      <CashSection
        list="cashFlagged"
        words="flagged"
        withLead
        columns={flaggedColumns}
        rowKey={(row) => row.orderId}
      />
      {recording && (
        <RecordRemittanceDialog driver={recording} onClose={() => setRecording(null)} />
      )}
    </>
  );
}
