import '../dashboard-strings';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowRight,
  Ban,
  PackageCheck,
  PackagePlus,
  Truck,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import type { CustomerDashboard, CustomerOrder } from '#shared/schemas/order-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { CopyButton } from '../../../ui/copy-button';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { useDashboardSummary } from '../api/dashboard-queries';
import { Card } from '../../../ui/card';
import { DetailList } from '../../../ui/detail-list';
import { OrderIdLink } from '../components/order-id-link';
import { PageHeader } from '../../../ui/page-header';
import { summarizeStatusCounts } from '../dashboard-summary';
import { routeText } from '../order-route';

const linkClassName =
  'inline-flex min-h-10 items-center gap-1 rounded text-sm font-semibold text-brand-800 underline-offset-4 hover:underline';

/** The newest order: short id, date and destination, and its tracking number to share. */
function RecentShippingCard({ order }: { order: CustomerOrder | null }) {
  const { t } = useTranslation();
  const { date, city } = useFormatters();
  return (
    <Card title={t('dashboard.home.recent.title')}>
      {order ? (
        <>
          <DetailList
            details={[
              {
                label: t('dashboard.home.recent.orderId'),
                value: <OrderIdLink id={order.id} form="dashboard" />,
              },
              { label: t('dashboard.home.recent.date'), value: date(order.createdAt) },
              { label: t('dashboard.home.recent.destination'), value: city(order.delivery_loc) },
            ]}
          />
          <div className="mt-4 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
            <p className="text-xs font-medium text-slate-500">
              {t('dashboard.home.recent.trackingNumber')}
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-mono text-base font-semibold text-slate-900 tabular-nums">
                {order.trackingNumber}
              </span>
              <CopyButton
                value={order.trackingNumber}
                label={t('dashboard.copy.trackingNumber')}
                copiedLabel={t('dashboard.copy.copied')}
                failedLabel={t('dashboard.copy.failed')}
              />
            </div>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-600">{t('dashboard.home.recent.none')}</p>
      )}
    </Card>
  );
}

function CreateDeliveryTile() {
  const { t } = useTranslation();
  return (
    <Link
      to="/new-order"
      className="group flex flex-col justify-between gap-4 rounded-lg bg-brand-800 p-5 text-white shadow-sm transition-colors hover:bg-brand-900"
    >
      <span className="flex size-11 items-center justify-center rounded-lg bg-accent-500 text-brand-950">
        <PackagePlus aria-hidden="true" className="size-6" />
      </span>
      <span>
        <span className="flex items-center gap-2 text-lg font-semibold">
          {t('dashboard.home.create.title')}
          <ArrowRight
            aria-hidden="true"
            className="size-5 transition-transform group-hover:translate-x-1 rtl:-scale-x-100 rtl:group-hover:-translate-x-1"
          />
        </span>
        <span className="mt-1 block text-sm text-brand-100">{t('dashboard.home.create.body')}</span>
      </span>
    </Link>
  );
}

function ShippingDetailsCard({ order }: { order: CustomerOrder | null }) {
  const { t } = useTranslation();
  const { date, dh } = useFormatters();
  return (
    <Card title={t('dashboard.home.details.title')}>
      {order ? (
        <DetailList
          details={[
            {
              label: t('dashboard.home.details.orderId'),
              value: <OrderIdLink id={order.id} form="dashboard" />,
            },
            {
              label: t('dashboard.home.details.exitDate'),
              value: order.exitDate
                ? date(order.exitDate)
                : t('dashboard.home.details.notDispatched'),
            },
            {
              label: t('dashboard.home.details.status'),
              value: <OrderStatusBadge status={order.status} />,
            },
            {
              label: t('dashboard.home.details.price'),
              value: <span className="text-base font-semibold">{dh(order.totalPrice)}</span>,
            },
          ]}
        />
      ) : (
        <p className="text-sm text-slate-600">{t('dashboard.home.details.none')}</p>
      )}
    </Card>
  );
}

function SummaryCard({ statusCounts }: { statusCounts: CustomerDashboard['statusCounts'] }) {
  const { t } = useTranslation();
  const summary = summarizeStatusCounts(statusCounts);
  const items: Array<{ label: string; value: number; icon: LucideIcon; tone: string }> = [
    {
      label: t('dashboard.home.summary.onTheRoad'),
      value: summary.onTheRoad,
      icon: Truck,
      tone: 'bg-brand-50 text-brand-800',
    },
    {
      label: t('dashboard.home.summary.delivered'),
      value: summary.delivered,
      icon: PackageCheck,
      tone: 'bg-emerald-50 text-emerald-700',
    },
    {
      label: t('dashboard.home.summary.canceled'),
      value: summary.canceled,
      icon: Ban,
      tone: 'bg-red-50 text-red-700',
    },
    {
      label: t('dashboard.home.summary.returns'),
      value: summary.returns,
      icon: Undo2,
      tone: 'bg-orange-50 text-orange-700',
    },
  ];
  return (
    <Card title={t('dashboard.home.summary.title')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(({ label, value, icon: Icon, tone }) => (
          <div key={label} className="flex flex-col items-start gap-2 rounded-lg bg-slate-50 p-3">
            <span className={`flex size-9 items-center justify-center rounded-lg ${tone}`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function LastOrdersCard({ orders }: { orders: CustomerOrder[] }) {
  const { t } = useTranslation();
  const { kg, city } = useFormatters();
  return (
    <Card
      title={t('dashboard.home.lastOrders.title')}
      actions={
        <Link to="/dashboard/orders" className={linkClassName}>
          {t('dashboard.home.lastOrders.viewAll')}
          <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </Link>
      }
    >
      {orders.length === 0 ? (
        <p className="text-sm text-slate-600">{t('dashboard.home.lastOrders.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {orders.map((order) => (
            <li
              key={order.id}
              className="grid grid-cols-[1fr_auto] items-center gap-x-4 py-2 sm:grid-cols-[9rem_1fr_auto_auto]"
            >
              <OrderIdLink id={order.id} form="dashboard" />
              <span className="text-end text-sm text-slate-600 tabular-nums sm:order-last">
                <span className="sr-only">{t('dashboard.home.lastOrders.weight')} </span>
                {kg(order.weight)}
              </span>
              <span className="text-sm font-medium text-slate-900">
                {routeText(t, city, order)}
              </span>
              <span className="text-end sm:text-start">
                <OrderStatusBadge status={order.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * docs/product.md, section 2, /dashboard: the latest shipment, a way to start
 * a new one, and the counts.
 */
export function DashboardHomePage() {
  const { t } = useTranslation();
  const query = useDashboardSummary();

  if (query.isPending) {
    return (
      <>
        <PageHeader title={t('dashboard.home.title')} />
        <LoadingState />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={t('dashboard.home.title')} />
        <ErrorState message={t('dashboard.home.loadFailed')} onRetry={() => void query.refetch()} />
      </>
    );
  }

  const { user, recentShipped, lastOrders, statusCounts } = query.data;
  const latest = lastOrders[0] ?? recentShipped;
  return (
    <>
      <PageHeader
        title={t('dashboard.home.title')}
        lead={t('dashboard.home.greeting', { name: user.name })}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <RecentShippingCard order={recentShipped} />
        <ShippingDetailsCard order={latest} />
        <CreateDeliveryTile />
        <SummaryCard statusCounts={statusCounts} />
        <div className="lg:col-span-2">
          <LastOrdersCard orders={lastOrders} />
        </div>
      </div>
    </>
  );
}
