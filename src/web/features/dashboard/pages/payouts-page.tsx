import '../dashboard-strings';
import '../payouts-strings';
import { useMemo, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEDGER_ENTRY_TYPES } from '#shared/merchant-money';
import { orgRoleMay } from '#shared/organization-roles';
import type { LedgerEntry, MerchantPayout } from '#shared/schemas/ledger-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { useSession } from '../../../lib/session/session-context';
import { CsvDownloadButton } from '../../../ui/csv-download-button';
import type { DataTableColumn } from '../../../ui/data-table';
import { DateField } from '../../../ui/date-field';
import { ListScreen, type ListFilterOption, type ListScreenStrings } from '../../../ui/list-screen';
import { PageHeader } from '../../../ui/page-header';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import {
  downloadLedgerCsv,
  downloadPayoutsCsv,
  downloadStatement,
  ledgerListQuery,
  MONEY_PAGE_SIZE,
  payoutListQuery,
  useMerchantBalance,
  type LedgerDays,
} from '../api/money-queries';

type Column<Row> = DataTableColumn<Row>;

/** A signed amount: what is owed to the merchant in green, what is taken from it in red. */
function SignedAmount({ amount }: { amount: number }) {
  const { dh } = useFormatters();
  const tone = amount < 0 ? 'text-red-700' : 'text-emerald-700';
  return (
    <span dir="ltr" className={`font-semibold whitespace-nowrap ${tone}`}>
      {dh(amount)}
    </span>
  );
}

function Tile({ label, value, hint }: { label: string; value: string; hint: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1">
        <span dir="ltr" className="block text-2xl font-bold text-slate-900 tabular-nums">
          {value}
        </span>
        <span className="mt-1 block text-xs text-slate-500">{hint}</span>
      </dd>
    </div>
  );
}

/** Collected, fees, payable now, still with drivers and paid out, from the kept totals. */
function BalanceTiles() {
  const { t } = useTranslation();
  const { dh } = useFormatters();
  const balance = useMerchantBalance(true);
  if (balance.isPending) return <LoadingState />;
  if (balance.isError) {
    return (
      <ErrorState
        message={t('payouts.balance.loadFailed')}
        onRetry={() => void balance.refetch()}
      />
    );
  }
  const { collected, fees, payableNow, withDrivers, paidOut, inPayout } = balance.data;
  return (
    <section aria-label={t('payouts.balance.title')} className="mb-10">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Tile
          label={t('payouts.balance.collected')}
          value={dh(collected)}
          hint={t('payouts.balance.collectedHint')}
        />
        <Tile
          label={t('payouts.balance.fees')}
          value={dh(fees)}
          hint={t('payouts.balance.feesHint')}
        />
        <Tile
          label={t('payouts.balance.payableNow')}
          value={dh(payableNow)}
          hint={
            inPayout === 0
              ? t('payouts.balance.payableNowHint')
              : t('payouts.balance.inPayout', { amount: dh(inPayout) })
          }
        />
        <Tile
          label={t('payouts.balance.withDrivers')}
          value={dh(withDrivers)}
          hint={t('payouts.balance.withDriversHint')}
        />
        <Tile
          label={t('payouts.balance.paidOut')}
          value={dh(-paidOut)}
          hint={t('payouts.balance.paidOutHint')}
        />
      </dl>
    </section>
  );
}

function useListStrings(list: 'ledger' | 'payouts'): ListScreenStrings {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      searchLabel: '',
      count: (count, total) => t(`payouts.${list}.count`, { count, total }),
      csv: {
        idle: t('payouts.csv.idle'),
        busy: t('payouts.csv.busy'),
        failed: t('payouts.csv.failed'),
      },
    }),
    [t, list],
  );
}

function LedgerDayFields({
  value,
  onChange,
}: {
  value: LedgerDays;
  onChange(next: LedgerDays): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-xl">
      <DateField
        label={t('payouts.ledger.from')}
        value={value.from}
        max={value.to}
        onChange={(from) => onChange({ ...value, from })}
      />
      <DateField
        label={t('payouts.ledger.to')}
        value={value.to}
        min={value.from}
        onChange={(to) => onChange({ ...value, to })}
      />
    </div>
  );
}

/** Every row of the organization's ledger, by type and days, with its CSV. */
function LedgerSection() {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const strings = useListStrings('ledger');
  const [days, setDays] = useState<LedgerDays>({ from: '', to: '' });
  const typeOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'all', label: t('payouts.ledger.allTypes') },
      ...LEDGER_ENTRY_TYPES.map((type) => ({
        value: type,
        label: t(`payouts.types.${type}`),
        status: type,
      })),
    ],
    [t],
  );
  const columns: Column<LedgerEntry>[] = [
    {
      id: 'date',
      header: t('payouts.ledger.columns.date'),
      cell: (entry) => dateTime(entry.createdAt),
    },
    {
      id: 'type',
      header: t('payouts.ledger.columns.type'),
      cell: (entry) => t(`payouts.types.${entry.type}`),
    },
    {
      id: 'order',
      header: t('payouts.ledger.columns.order'),
      cell: (entry) =>
        entry.trackingNumber ? (
          <span dir="ltr" className="font-mono text-xs">
            {entry.trackingNumber}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'amount',
      header: t('payouts.ledger.columns.amount'),
      align: 'end',
      cell: (entry) => <SignedAmount amount={entry.amount} />,
    },
    {
      id: 'balanceAfter',
      header: t('payouts.ledger.columns.balanceAfter'),
      align: 'end',
      cell: (entry) => <BalanceAmount amount={entry.balanceAfter} />,
    },
    {
      id: 'reason',
      header: t('payouts.ledger.columns.reason'),
      cell: (entry) => entry.reason ?? '',
    },
  ];
  const caption = t('payouts.ledger.caption');
  return (
    <ListScreen
      variant="section"
      title={t('payouts.ledger.title')}
      lead={t('payouts.ledger.lead')}
      caption={caption}
      listQuery={(params) => ledgerListQuery(params, days)}
      pageSize={MONEY_PAGE_SIZE}
      strings={strings}
      rowKey={(entry) => entry.id}
      columns={columns}
      filter={{ label: t('payouts.ledger.typeFilter'), options: typeOptions }}
      otherFilters={JSON.stringify(days)}
      above={<LedgerDayFields value={days} onChange={setDays} />}
      emptyMessage={t('payouts.ledger.empty')}
      describeError={() => t('payouts.ledger.loadFailed')}
      downloadCsv={(filter) => downloadLedgerCsv(filter, days)}
    />
  );
}

function BalanceAmount({ amount }: { amount: number }) {
  const { dh } = useFormatters();
  return (
    <span dir="ltr" className="whitespace-nowrap">
      {dh(amount)}
    </span>
  );
}

function StatementButton({ payout }: { payout: MerchantPayout }) {
  const { t } = useTranslation();
  return (
    <CsvDownloadButton
      download={() => downloadStatement(payout)}
      labels={{
        idle: t('payouts.payouts.statement'),
        busy: t('payouts.payouts.statementBusy'),
        failed: t('payouts.payouts.statementFailed'),
      }}
    />
  );
}

/** The transfers to the organization's bank account, each with its statement. */
function PayoutsSection() {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const strings = useListStrings('payouts');
  const columns: Column<MerchantPayout>[] = [
    {
      id: 'number',
      header: t('payouts.payouts.columns.number'),
      cell: (payout) => (
        <span dir="ltr" className="font-mono text-xs">
          {payout.number}
        </span>
      ),
    },
    {
      id: 'date',
      header: t('payouts.payouts.columns.date'),
      cell: (payout) => date(payout.createdAt),
    },
    {
      id: 'amount',
      header: t('payouts.payouts.columns.amount'),
      align: 'end',
      cell: (payout) => <BalanceAmount amount={payout.amount} />,
    },
    {
      id: 'status',
      header: t('payouts.payouts.columns.status'),
      cell: (payout) =>
        payout.paidAt ? (
          <StatusBadge tone="green">
            {t('payouts.payouts.statuses.paid', { date: date(payout.paidAt) })}
          </StatusBadge>
        ) : (
          <StatusBadge tone="amber">{t('payouts.payouts.statuses.in_payout')}</StatusBadge>
        ),
    },
    {
      id: 'reference',
      header: t('payouts.payouts.columns.reference'),
      cell: (payout) =>
        payout.reference ? (
          <span dir="ltr" className="font-mono text-xs">
            {payout.reference}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'statement',
      header: t('payouts.payouts.columns.statement'),
      cell: (payout) => <StatementButton payout={payout} />,
    },
  ];
  const caption = t('payouts.payouts.caption');
  return (
    <ListScreen
      variant="section"
      title={t('payouts.payouts.title')}
      lead={t('payouts.payouts.lead')}
      caption={caption}
      listQuery={payoutListQuery}
      pageSize={MONEY_PAGE_SIZE}
      strings={strings}
      rowKey={(payout) => payout.batchId}
      columns={columns}
      emptyMessage={t('payouts.payouts.empty')}
      describeError={() => t('payouts.payouts.loadFailed')}
      downloadCsv={() => downloadPayoutsCsv()}
    />
  );
}

/**
 * /dashboard/payouts: the merchant's money (docs/decisions/0020-merchant-money.md) for the
 * organization's owner and accountant: the balance's tiles, the ledger and the transfers with
 * their statements. Staff have no link to it; opened anyway, it goes where a refused screen goes.
 */
export function PayoutsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!orgRoleMay(user?.organization?.role, 'readMoney')) {
    return <Navigate to="/unauthorized" replace />;
  }
  return (
    <>
      <PageHeader title={t('payouts.title')} lead={t('payouts.lead')} />
      <BalanceTiles />
      <LedgerSection />
      <PayoutsSection />
    </>
  );
}
