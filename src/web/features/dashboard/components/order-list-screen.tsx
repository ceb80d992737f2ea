import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerOrder } from '#shared/schemas/order-schemas';
import {
  ListScreen,
  type ListFilterOption,
  type ListParams,
  type ListScreenStrings,
} from '../../../ui/list-screen';
import {
  DASHBOARD_PAGE_SIZE,
  downloadOrderListCsv,
  orderListQuery,
  type OrderListName,
} from '../api/dashboard-queries';
import { OrderCards } from './order-cards';
import { PrintLabelsBar, useOrderSelection, type OrderSelection } from './print-labels-bar';
import { useOrderColumns, type OrderColumn, type OrderColumns } from './order-columns';

interface OrderListScreenProps {
  list: OrderListName;
  /** The screen's words (title, lead, empty message), under dashboard.<screen>. */
  screen: 'orders' | 'tracking' | 'deliveries' | 'cancelled';
  /** Names the table for screen readers. */
  caption: string;
  emptyAction?: ReactNode;
  describeError(error: unknown): string;
  /** Desktop table columns, in order; left out where the cards serve every width (Orders). */
  columns?: readonly OrderColumn[];
  /**
   * The orders as cards: on phones under a table (`className` hides them on wide screens);
   * `selection` where the list's orders can be ticked for their labels.
   */
  cards(
    orders: readonly CustomerOrder[],
    className: string,
    selection: OrderSelection | null,
  ): ReactNode;
  stateFilter?: { label: string; options: readonly ListFilterOption[] };
}

/** The customer area's words for every list. */
function useDashboardListStrings(): ListScreenStrings {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      searchLabel: t('dashboard.lists.searchLabel'),
      count: (count, total) => t('dashboard.lists.count', { count, total }),
      csv: {
        idle: t('dashboard.lists.downloadCsv'),
        busy: t('dashboard.lists.downloadingCsv'),
        failed: t('dashboard.lists.downloadFailed'),
      },
    }),
    [t],
  );
}

/**
 * Orders, Tracking, Deliveries and Cancelled (ui/list-screen.tsx): searchable by order id or
 * destination, paged on the server 6 at a time, exported as CSV; a failed download is told
 * under its button (the dashboard has no toasts).
 */
export function OrderListScreen({
  list,
  screen,
  stateFilter,
  cards,
  ...shown
}: OrderListScreenProps) {
  const { t } = useTranslation();
  const strings = useDashboardListStrings();
  const printable = useOrderSelection();
  // A cancelled order has no label: its list ticks nothing.
  const selection = screen === 'cancelled' ? null : printable;
  return (
    <ListScreen
      {...shown}
      cards={(orders, className) => cards(orders, className, selection)}
      selection={selection ?? undefined}
      above={selection && <PrintLabelsBar selection={selection} />}
      title={t(`dashboard.${screen}.title`)}
      lead={t(`dashboard.${screen}.lead`)}
      emptyMessage={t(`dashboard.${screen}.empty`)}
      listQuery={(params: ListParams) => orderListQuery(list, params)}
      pageSize={DASHBOARD_PAGE_SIZE}
      strings={strings}
      rowKey={(order) => order.id}
      pageAnchor={(order) => order.id}
      search={{ placeholder: t('dashboard.lists.searchPlaceholder') }}
      filter={stateFilter}
      downloadCsv={(filter) => downloadOrderListCsv(list, filter)}
    />
  );
}

type OrderTableScreenProps = Omit<OrderListScreenProps, 'caption' | 'columns' | 'cards'> & {
  /** The column that tells where each order stands: its estimate, delivery day or cancel reason. */
  stage(columns: OrderColumns): OrderColumn;
};

/**
 * Tracking, Deliveries and Cancelled: a table of the order's facts and its stage, named by
 * dashboard.<screen>.caption, and the same as cards on phones.
 */
export function OrderTableScreen({ stage, ...screenProps }: OrderTableScreenProps) {
  const { t } = useTranslation();
  const columns = useOrderColumns();
  const stageColumn = stage(columns);
  const caption = t(`dashboard.${screenProps.screen}.caption`);
  return (
    <OrderListScreen
      {...screenProps}
      caption={caption}
      columns={[
        columns.orderId,
        columns.route,
        columns.weight,
        columns.price,
        columns.placedOn,
        stageColumn,
        columns.status,
      ]}
      cards={(orders, className, selection) => (
        <OrderCards
          label={caption}
          orders={orders}
          fields={[columns.weight, columns.price, columns.placedOn, stageColumn]}
          className={className}
          selection={selection}
        />
      )}
    />
  );
}
