import '../admin-strings';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Banknote, ClipboardList, Truck, Users, type LucideIcon } from 'lucide-react';
import { ORDER_STATUSES, ORDER_STATUS_TONES } from '#shared/order-status';
import type { AdminDashboard } from '#shared/schemas/admin-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { Card } from '../../../ui/card';
import { DataTable } from '../../../ui/data-table';
import { useOrderStatusLabel } from '../../../ui/order-status-badge';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { StatusBadge } from '../../../ui/status-badge';
import { useAdminDashboard } from '../api/admin-api';
import { PageHeader } from '../../../ui/page-header';
import { useAdminOrderColumns } from '../components/order-columns';
import { useAdminListErrorText } from '../use-admin-error-text';

const OrdersRevenueChart = lazy(async () => ({
  default: (await import('../components/orders-revenue-chart')).OrdersRevenueChart,
}));

interface TotalCard {
  to: string;
  label: string;
  value: string;
  icon: LucideIcon;
  tone: string;
}

/** The four totals of docs/product.md, section 2, each a link to its screen. */
function TotalCards({ dashboard }: { dashboard: AdminDashboard }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const count = (value: number) => number(value, 0, 0);
  const cards: TotalCard[] = [
    {
      to: '/admin/orders',
      label: t('admin.overview.cards.orders'),
      value: count(dashboard.totalOrders),
      icon: ClipboardList,
      tone: 'bg-brand-50 text-brand-800',
    },
    {
      to: '/admin/trucks-active',
      label: t('admin.overview.cards.trucks'),
      value: count(dashboard.totalTrucks),
      icon: Truck,
      tone: 'bg-orange-50 text-orange-700',
    },
    {
      to: '/admin/users',
      label: t('admin.overview.cards.users'),
      value: count(dashboard.totalUsers),
      icon: Users,
      tone: 'bg-slate-100 text-slate-700',
    },
    {
      to: '/admin/revenue',
      label: t('admin.overview.cards.payments'),
      value: number(dashboard.totalPayments, 2, 2),
      icon: Banknote,
      tone: 'bg-emerald-50 text-emerald-700',
    },
  ];
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ to, label, value, icon: Icon, tone }) => (
        <li key={to}>
          <Link
            to={to}
            className="group flex h-full items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 sm:p-5"
          >
            <span
              className={`flex size-12 shrink-0 items-center justify-center rounded-lg ${tone}`}
            >
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium text-slate-600">{label}</span>
              <span className="block truncate text-2xl font-bold text-slate-900 tabular-nums">
                {value}
              </span>
            </span>
            <ArrowRight
              aria-hidden="true"
              className="size-5 shrink-0 text-slate-400 transition-transform group-hover:translate-x-1 group-hover:text-brand-800 rtl:-scale-x-100 rtl:group-hover:-translate-x-1"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function StatusCounts({ statusCounts }: { statusCounts: AdminDashboard['statusCounts'] }) {
  const { t } = useTranslation();
  const labelOf = useOrderStatusLabel();
  const { number } = useFormatters();
  return (
    <Card title={t('admin.overview.statusCounts')}>
      <dl className="flex flex-col divide-y divide-slate-100">
        {ORDER_STATUSES.map((status) => (
          <div key={status} className="flex items-center justify-between gap-3 py-2">
            <dt>
              <StatusBadge tone={ORDER_STATUS_TONES[status]}>{labelOf(status)}</StatusBadge>
            </dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">
              {number(statusCounts[status] ?? 0, 0, 0)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function ActivityChart({ series }: { series: AdminDashboard['series'] }) {
  const { t } = useTranslation();
  const { number, mad } = useFormatters();
  const orders = series.reduce((sum, day) => sum + day.orders, 0);
  const revenue = series.reduce((sum, day) => sum + day.revenue, 0);
  return (
    <Card title={t('admin.overview.chart.title')} className="lg:col-span-2">
      <p className="mb-3 text-sm text-slate-600">
        {t('admin.overview.chart.summary', {
          count: orders,
          orders: number(orders, 0, 0),
          revenue: mad(revenue),
        })}
      </p>
      <Suspense fallback={<LoadingState label={t('admin.overview.chart.loading')} />}>
        <OrdersRevenueChart series={series} />
      </Suspense>
    </Card>
  );
}

function RecentOrders({ orders }: { orders: AdminDashboard['recentOrders'] }) {
  const { t } = useTranslation();
  const columns = useAdminOrderColumns();
  return (
    <Card title={t('admin.overview.recentOrders')}>
      {orders.length === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.overview.noRecent')}</p>
      ) : (
        <DataTable
          caption={t('admin.overview.recentCaption')}
          columns={[columns.id, columns.customer, columns.route, columns.status, columns.price]}
          rows={orders}
          rowKey={(order) => order.id}
        />
      )}
    </Card>
  );
}

/** /admin: totals, orders by status, the last 30 days and the newest orders. */
export function OverviewPage() {
  const { t } = useTranslation();
  const describeError = useAdminListErrorText();
  const dashboard = useAdminDashboard();

  let body;
  if (dashboard.isPending) {
    body = <LoadingState />;
  } else if (dashboard.isError) {
    body = (
      <ErrorState
        message={describeError(dashboard.error, t('admin.lists.loadFailed.dashboard'))}
        onRetry={() => void dashboard.refetch()}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <TotalCards dashboard={dashboard.data} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <ActivityChart series={dashboard.data.series} />
          <StatusCounts statusCounts={dashboard.data.statusCounts} />
        </div>
        <RecentOrders orders={dashboard.data.recentOrders} />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('admin.overview.title')} lead={t('admin.overview.lead')} />
      {body}
    </>
  );
}
