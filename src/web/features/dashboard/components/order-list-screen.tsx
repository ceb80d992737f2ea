import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../../shared/order-status';
import { DataTable } from '../../../ui/data-table';
import { Pager } from '../../../ui/pager';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { DASHBOARD_PAGE_SIZE, useOrderList, type OrderListName } from '../api/dashboard-queries';
import { useListControls } from '../../../ui/use-list-controls';
import { ListToolbar } from '../../../ui/list-toolbar';
import type { OrderColumn } from './order-columns';
import { OrderCards } from './order-cards';
import { PageHeader } from '../../../ui/page-header';

export interface StateFilterOption {
  value: string;
  label: string;
  /** The statuses sent to the server; none for "All States". */
  statuses?: readonly OrderStatus[];
}

interface OrderListScreenProps {
  list: Exclude<OrderListName, 'orders'>;
  title: string;
  lead: string;
  /** Names the table and the card list for screen readers. */
  caption: string;
  emptyMessage: string;
  emptyAction?: ReactNode;
  describeError(error: unknown): string;
  /** Desktop table columns, in order. */
  columns: readonly OrderColumn[];
  /** Phone card figures under the id, status and route. */
  cardFields: readonly OrderColumn[];
  stateFilter?: { label: string; options: readonly StateFilterOption[] };
}

/**
 * Tracking, Deliveries and Cancelled: a searchable list, paged on the server 6 at a time, as a
 * table on wide screens and cards on phones, with its loading, empty and error states.
 */
export function OrderListScreen({
  list,
  title,
  lead,
  caption,
  emptyMessage,
  emptyAction,
  describeError,
  columns,
  cardFields,
  stateFilter,
}: OrderListScreenProps) {
  const { t } = useTranslation();
  const controls = useListControls(stateFilter?.options[0]?.value ?? '');
  const statuses = stateFilter?.options.find(
    (option) => option.value === controls.filter,
  )?.statuses;
  const query = useOrderList(list, { page: controls.page, q: controls.q, statuses });

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingState />;
  } else if (query.isError) {
    body = <ErrorState message={describeError(query.error)} onRetry={() => void query.refetch()} />;
  } else if (query.data.total === 0) {
    body = <EmptyState message={emptyMessage} action={emptyAction} />;
  } else {
    body = (
      <div
        aria-busy={query.isPlaceholderData || undefined}
        className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      >
        <DataTable
          caption={caption}
          columns={columns}
          rows={query.data.orders}
          rowKey={(order) => order.id}
          className="hidden md:block"
        />
        <OrderCards
          label={caption}
          orders={query.data.orders}
          fields={cardFields}
          className="md:hidden"
        />
        <Pager
          page={controls.page}
          pageSize={DASHBOARD_PAGE_SIZE}
          total={query.data.total}
          onPageChange={controls.setPage}
        />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={title} lead={lead} />
      <ListToolbar
        search={{
          label: t('dashboard.lists.searchLabel'),
          placeholder: t('dashboard.lists.searchPlaceholder'),
          value: controls.search,
          onChange: controls.setSearch,
        }}
        countText={
          query.data === undefined
            ? undefined
            : t('dashboard.lists.count', { count: query.data.total })
        }
        filter={
          stateFilter && {
            label: stateFilter.label,
            value: controls.filter,
            options: stateFilter.options,
            onChange: controls.setFilter,
          }
        }
      />
      {body}
    </>
  );
}
