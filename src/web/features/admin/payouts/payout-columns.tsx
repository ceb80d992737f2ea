import { FolderOpen, Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PayoutBalanceRow, PayoutBatch } from '#shared/schemas/payout-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { StatusBadge } from '../../../ui/status-badge';
import { AdminTime } from '../components/admin-time';
import type { CardColumn } from '../../../ui/row-cards';

function Money({ amount, strong = false }: { amount: number; strong?: boolean }) {
  const { mad } = useFormatters();
  const Tag = strong ? 'strong' : 'span';
  return <Tag className="whitespace-nowrap">{mad(amount)}</Tag>;
}

function moneyColumn<Row>(
  id: string,
  header: string,
  amountOf: (row: Row) => number,
  strong = false,
): CardColumn<Row> {
  return {
    id,
    header,
    cell: (row) => <Money amount={amountOf(row)} strong={strong} />,
    align: 'end',
  };
}

/** One organization's money, with its "Adjust" button. */
export function useBalanceColumns(
  onAdjust: (row: PayoutBalanceRow) => void,
): CardColumn<PayoutBalanceRow>[] {
  const { t } = useTranslation();
  return [
    {
      id: 'organization',
      header: t('admin.payouts.columns.organization'),
      cell: (row) => (
        <span className="font-medium [overflow-wrap:anywhere] text-slate-900">
          {row.organizationName}
        </span>
      ),
    },
    moneyColumn('payable', t('admin.payouts.columns.payable'), (row) => row.payable, true),
    moneyColumn('pending', t('admin.payouts.columns.pending'), (row) => row.pending),
    moneyColumn('inPayout', t('admin.payouts.columns.inPayout'), (row) => row.inPayout),
    moneyColumn('fees', t('admin.payouts.columns.fees'), (row) => row.fees),
    moneyColumn('balance', t('admin.payouts.columns.balance'), (row) => row.balance),
    {
      id: 'rib',
      header: t('admin.payouts.columns.rib'),
      cell: (row) =>
        row.hasValidRib ? (
          <StatusBadge tone="green">{t('admin.payouts.rib.valid')}</StatusBadge>
        ) : (
          <StatusBadge tone="orange">{t('admin.payouts.rib.missing')}</StatusBadge>
        ),
    },
    {
      id: 'action',
      header: t('admin.payouts.columns.action'),
      cell: (row) => (
        <button
          type="button"
          aria-label={t('admin.payouts.adjustLabel', { organization: row.organizationName })}
          onClick={() => onAdjust(row)}
          className={buttonClassName('secondary')}
        >
          <Scale aria-hidden="true" className="size-4" />
          {t('admin.payouts.adjust')}
        </button>
      ),
    },
  ];
}

/** The batches, newest first, each opened below the lists. */
export function useBatchColumns(onOpen: (row: PayoutBatch) => void): CardColumn<PayoutBatch>[] {
  const { t } = useTranslation();
  return [
    {
      id: 'number',
      header: t('admin.payouts.columns.number'),
      cell: (row) => <span className="font-mono whitespace-nowrap">{row.number}</span>,
    },
    {
      id: 'createdAt',
      header: t('admin.payouts.columns.createdAt'),
      cell: (row) => <AdminTime iso={row.createdAt} />,
    },
    moneyColumn('total', t('admin.payouts.columns.total'), (row) => row.total, true),
    {
      id: 'organizations',
      header: t('admin.payouts.columns.organizations'),
      cell: (row) => row.organizationCount,
      align: 'end',
    },
    {
      id: 'status',
      header: t('admin.payouts.columns.status'),
      cell: (row) => (
        <StatusBadge tone={row.status === 'paid' ? 'green' : 'amber'}>
          {t(`admin.payouts.status.${row.status}`)}
        </StatusBadge>
      ),
    },
    {
      id: 'action',
      header: t('admin.payouts.columns.action'),
      cell: (row) => (
        <button
          type="button"
          aria-label={t('admin.payouts.openLabel', { number: row.number })}
          onClick={() => onOpen(row)}
          className={buttonClassName('secondary')}
        >
          <FolderOpen aria-hidden="true" className="size-4" />
          {t('admin.payouts.open')}
        </button>
      ),
    },
  ];
}
