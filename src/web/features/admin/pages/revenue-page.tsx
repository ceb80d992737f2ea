import '../admin-strings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Banknote } from 'lucide-react';
import { shortenIdForDashboard } from '#shared/format';
import { getPaymentStatusTone, PAYMENT_STATUSES } from '#shared/order-status';
import type { AdminPayment } from '#shared/schemas/admin-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { Spinner } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import { useAdminDashboard } from '../api/admin-api';
import type { ListFilterOption } from '../../../ui/list-screen';
import { AdminListScreen } from '../components/admin-list-screen';
import { OrderIdLink } from '../components/order-id-link';
import type { CardColumn } from '../../../ui/row-cards';
import { useAdminListErrorText } from '../use-admin-error-text';

/** The paid total of docs/product.md, decision 15, read from the dashboard call. */
function PaidRevenueTotal() {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  const describeError = useAdminListErrorText();
  const dashboard = useAdminDashboard();
  let value;
  if (dashboard.isPending) {
    value = <Spinner className="size-6" />;
  } else if (dashboard.isError) {
    value = (
      <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-red-700">
        {describeError(dashboard.error, t('admin.lists.loadFailed.dashboard'))}
        <button
          type="button"
          onClick={() => void dashboard.refetch()}
          className="min-h-10 rounded px-2 font-semibold text-brand-800 underline underline-offset-4"
        >
          {t('ui.retry')}
        </button>
      </span>
    );
  } else {
    value = (
      <span className="text-2xl font-bold text-slate-900 tabular-nums sm:text-3xl">
        {mad(dashboard.data.totalPayments)}
      </span>
    );
  }
  return (
    <section
      aria-label={t('admin.revenue.total')}
      className="mb-6 flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
        <Banknote aria-hidden="true" className="size-6" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{t('admin.revenue.total')}</p>
        {value}
        <p className="mt-1 text-xs text-slate-500">{t('admin.revenue.totalHint')}</p>
      </div>
    </section>
  );
}

/** /admin/revenue: every payment, with the paid total above. */
export function RevenuePage() {
  const { t } = useTranslation();
  const { mad, numericDate } = useFormatters();
  const statusOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'ALL', label: t('admin.lists.allStatuses') },
      ...PAYMENT_STATUSES.map((status) => ({
        value: status,
        label: t(`admin.paymentStatuses.${status}`),
        status,
      })),
    ],
    [t],
  );
  const columns: CardColumn<AdminPayment>[] = [
    {
      id: 'transactionId',
      header: t('admin.revenue.columns.transactionId'),
      cell: (payment) => (
        <span title={payment.id} className="font-mono text-xs whitespace-nowrap">
          {shortenIdForDashboard(payment.id)}
        </span>
      ),
    },
    {
      id: 'orderId',
      header: t('admin.revenue.columns.orderId'),
      cell: (payment) => (
        <OrderIdLink id={payment.orderId} trackingNumber={payment.trackingNumber} />
      ),
    },
    {
      id: 'date',
      header: t('admin.revenue.columns.date'),
      cell: (payment) => (
        <time dateTime={payment.date} className="whitespace-nowrap">
          {numericDate(payment.date)}
        </time>
      ),
    },
    {
      id: 'amount',
      header: t('admin.revenue.columns.amount'),
      cell: (payment) => <span className="whitespace-nowrap">{mad(payment.amount)}</span>,
      align: 'end',
    },
    {
      id: 'status',
      header: t('admin.revenue.columns.paymentStatus'),
      cell: (payment) => (
        <StatusBadge tone={getPaymentStatusTone(payment.status)}>
          {t(`admin.paymentStatuses.${payment.status}`)}
        </StatusBadge>
      ),
    },
    {
      id: 'method',
      header: t('admin.revenue.columns.paymentMethod'),
      cell: (payment) => t(`admin.paymentMethods.${payment.paymentMethod}`),
    },
  ];
  return (
    <AdminListScreen
      list="payments"
      title={t('admin.revenue.title')}
      lead={t('admin.revenue.lead')}
      caption={t('admin.revenue.caption')}
      searchPlaceholder={t('admin.revenue.searchPlaceholder')}
      emptyMessage={t('admin.revenue.empty')}
      loadFailedMessage={t('admin.lists.loadFailed.payments')}
      columns={columns}
      rowKey={(payment) => payment.id}
      filter={{ label: t('admin.lists.statusLabel'), options: statusOptions }}
      above={<PaidRevenueTotal />}
    />
  );
}
