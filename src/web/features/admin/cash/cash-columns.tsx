import { AlertTriangle, HandCoins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CashLedgerRow, CashRemittance, FlaggedCashOrder } from '#shared/schemas/cash-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { StatusBadge } from '../../../ui/status-badge';
import { OrderIdLink } from '../components/order-id-link';
import type { CardColumn } from '../../../ui/row-cards';
import { AdminTime } from '../components/admin-time';

function Money({ amount }: { amount: number }) {
  const { mad } = useFormatters();
  return <span className="whitespace-nowrap">{mad(amount)}</span>;
}

const money = (amount: number) => <Money amount={amount} />;

/** The ledgers' many amount columns: the amount in MAD, on one line, aligned to the end. */
function moneyColumn<Row>(
  id: string,
  header: string,
  amountOf: (row: Row) => number,
): CardColumn<Row> {
  return { id, header, cell: (row) => money(amountOf(row)), align: 'end' };
}

/** The drivers' lines, each with its "Record cash handed in" button. */
export function useLedgerColumns(
  onRecord: (row: CashLedgerRow) => void,
): CardColumn<CashLedgerRow>[] {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  return [
    {
      id: 'driver',
      header: t('admin.cash.columns.driver'),
      cell: (row) => (
        <span className="flex flex-col">
          <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {row.driverName}
            {!row.active && <StatusBadge tone="grey">{t('admin.cash.inactive')}</StatusBadge>}
          </span>
          <span className="text-xs whitespace-nowrap text-slate-500">{row.phone}</span>
        </span>
      ),
    },
    {
      id: 'truck',
      header: t('admin.cash.columns.truck'),
      cell: (row) => (
        <span className="font-mono whitespace-nowrap">
          {row.truckNumber ?? t('admin.common.none')}
        </span>
      ),
    },
    moneyColumn('collected', t('admin.cash.columns.collected'), (row) => row.collected),
    moneyColumn('handedIn', t('admin.cash.columns.handedIn'), (row) => row.handedIn),
    {
      id: 'outstanding',
      header: t('admin.cash.columns.outstanding'),
      cell: (row) => (
        <strong
          className={`whitespace-nowrap ${row.outstanding > 0 ? 'text-slate-900' : 'font-normal text-slate-500'}`}
        >
          {mad(row.outstanding)}
        </strong>
      ),
      align: 'end',
    },
    {
      id: 'flagged',
      header: t('admin.cash.columns.flagged'),
      cell: (row) =>
        row.flaggedOrders === 0 ? (
          t('admin.common.none')
        ) : (
          <span className="inline-flex items-center gap-1 font-medium text-orange-700">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            {t('admin.cash.flaggedSummary', {
              count: row.flaggedOrders,
              shortfall: mad(row.shortfall),
            })}
            {row.overCollection > 0 &&
              ` · ${t('admin.cashOverCollection.summary', { over: mad(row.overCollection) })}`}
          </span>
        ),
    },
    {
      id: 'action',
      header: t('admin.cash.columns.action'),
      cell: (row) => (
        <button
          type="button"
          disabled={row.outstanding <= 0}
          aria-label={t('admin.cash.recordLabel', { driver: row.driverName })}
          onClick={() => onRecord(row)}
          className={buttonClassName('secondary')}
        >
          <HandCoins aria-hidden="true" className="size-4" />
          {t('admin.cash.record')}
        </button>
      ),
    },
  ];
}

export function useRemittanceColumns(): CardColumn<CashRemittance>[] {
  const { t } = useTranslation();
  const none = t('admin.common.none');
  return [
    {
      id: 'recordedAt',
      header: t('admin.cash.columns.recordedAt'),
      cell: (row) => <AdminTime iso={row.createdAt} />,
    },
    { id: 'driver', header: t('admin.cash.columns.driver'), cell: (row) => row.driverName },
    moneyColumn('amount', t('admin.cash.columns.amount'), (row) => row.amount),
    {
      id: 'note',
      header: t('admin.cash.columns.note'),
      cell: (row) => (
        <span className="block [overflow-wrap:anywhere] md:max-w-64">{row.note ?? none}</span>
      ),
    },
    {
      id: 'recordedBy',
      header: t('admin.cash.columns.recordedBy'),
      cell: (row) => <span className="[overflow-wrap:anywhere]">{row.recordedBy ?? none}</span>,
    },
  ];
}

export function useFlaggedColumns(): CardColumn<FlaggedCashOrder>[] {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  return [
    {
      id: 'order',
      header: t('admin.cash.columns.trackingNumber'),
      cell: (row) => <OrderIdLink id={row.orderId} trackingNumber={row.trackingNumber} />,
    },
    { id: 'driver', header: t('admin.cash.columns.driver'), cell: (row) => row.driverName },
    moneyColumn('price', t('admin.cash.columns.price'), (row) => row.price),
    // What the driver was held to: the goods' value, plus the price when the receiver pays it.
    moneyColumn('amountToCollect', t('orderMoney.amountToCollect'), (row) => row.amountToCollect),
    moneyColumn('collected', t('admin.cash.columns.collected'), (row) => row.collected),
    {
      id: 'shortfall',
      header: t('admin.cash.columns.shortfall'),
      cell: (row) => (
        <span className="font-semibold whitespace-nowrap text-orange-700">
          {mad(row.shortfall)}
        </span>
      ),
      align: 'end',
    },
    {
      id: 'overCollection',
      header: t('admin.cashOverCollection.column'),
      cell: (row) => (
        <span className="font-semibold whitespace-nowrap text-orange-700">
          {mad(row.overCollection)}
        </span>
      ),
      align: 'end',
    },
    {
      id: 'deliveredAt',
      header: t('admin.cash.columns.deliveredAt'),
      cell: (row) => <AdminTime iso={row.deliveredAt} />,
    },
  ];
}
