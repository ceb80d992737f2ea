import '../dashboard-strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_RETURNS_VIEWS,
  type DashboardReturnsView,
} from '#shared/schemas/returns-schemas';
import type { CustomerOrder } from '#shared/schemas/order-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { Card } from '../../../ui/card';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { PageHeader } from '../../../ui/page-header';
import { Pager } from '../../../ui/pager';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { DASHBOARD_PAGE_SIZE } from '../api/dashboard-queries';
import { useReturnsList } from '../api/returns-queries';
import { OrderIdLink } from '../components/order-id-link';

/**
 * /dashboard/returns (docs/decisions/0023-failed-deliveries-and-returns.md): the parcels waiting
 * for the merchant's decision after a failed attempt, those on their way back, and those back.
 * Each row leads to the order's page, where the decision is made.
 */
export function ReturnsPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<DashboardReturnsView>('awaiting-decision');
  const [page, setPage] = useState(1);
  const query = useReturnsList(view, page);
  const columns = useReturnColumns(view);
  return (
    <>
      <PageHeader title={t('dashboard.returns.title')} lead={t('dashboard.returns.lead')} />
      <div
        role="tablist"
        aria-label={t('dashboard.returns.views')}
        className="mb-4 flex flex-wrap gap-2"
      >
        {DASHBOARD_RETURNS_VIEWS.map((one) => (
          <button
            key={one}
            type="button"
            role="tab"
            aria-selected={one === view}
            onClick={() => {
              setView(one);
              setPage(1);
            }}
            className={`min-h-10 rounded-md border px-3 text-sm font-medium ${
              one === view
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
          >
            {t(`dashboard.returns.tabs.${one}`)}
          </button>
        ))}
      </div>
      <Card>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState message={t('dashboard.returns.loadFailed')} onRetry={() => query.refetch()} />
        ) : query.data.orders.length === 0 ? (
          <EmptyState message={t(`dashboard.returns.empty.${view}`)} />
        ) : (
          <>
            <DataTable
              caption={t(`dashboard.returns.tabs.${view}`)}
              columns={columns}
              rows={query.data.orders}
              rowKey={(order) => order.id}
            />
            <Pager
              page={page}
              pageSize={DASHBOARD_PAGE_SIZE}
              total={query.data.total}
              onPageChange={setPage}
            />
          </>
        )}
      </Card>
    </>
  );
}

function useReturnColumns(view: DashboardReturnsView): DataTableColumn<CustomerOrder>[] {
  const { t } = useTranslation();
  const format = useFormatters();
  return [
    {
      id: 'order',
      header: t('dashboard.returns.columns.order'),
      cell: (order) => (
        <div>
          <OrderIdLink id={order.id} form="dashboard" />
          <p className="font-mono text-xs text-slate-600">{order.trackingNumber}</p>
        </div>
      ),
    },
    {
      id: 'status',
      header: t('dashboard.returns.columns.status'),
      cell: (order) => <OrderStatusBadge status={order.status} />,
    },
    {
      id: 'receiver',
      header: t('dashboard.returns.columns.receiver'),
      cell: (order) => (
        <div>
          <p>{order.receiverName ?? t('dashboard.common.none')}</p>
          <p className="text-xs text-slate-600">{format.city(order.delivery_loc)}</p>
        </div>
      ),
    },
    {
      id: 'attempts',
      header: t('dashboard.returns.columns.attempts'),
      cell: (order) => order.failedAttempts,
      align: 'end',
    },
    {
      id: 'since',
      header: t(`dashboard.returns.columns.since.${view}`),
      cell: (order) => {
        const since = view === 'awaiting-decision' ? order.awaitingDecisionSince : order.updatedAt;
        return since ? format.dateTime(since) : t('dashboard.common.none');
      },
    },
    {
      id: 'reason',
      header: t('dashboard.returns.columns.reason'),
      cell: (order) => order.returnReason ?? t('dashboard.returns.decide'),
    },
  ];
}
