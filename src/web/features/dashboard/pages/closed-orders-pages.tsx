import '../dashboard-strings';
import { useTranslation } from 'react-i18next';
import { OrderCards } from '../components/order-cards';
import { useOrderColumns, type OrderColumn } from '../components/order-columns';
import { OrderListScreen } from '../components/order-list-screen';
import { describeListError } from '../list-error';

interface ClosedOrdersPageProps {
  list: 'deliveries' | 'canceled';
  /** The screen's words, under dashboard.<screen>. */
  screen: 'deliveries' | 'cancelled';
  /** The date, or the reason, that tells how the order ended. */
  outcome(columns: ReturnType<typeof useOrderColumns>): OrderColumn;
}

/** docs/product.md, section 2: the orders that are over, searchable by order id or destination. */
function ClosedOrdersPage({ list, screen, outcome }: ClosedOrdersPageProps) {
  const { t } = useTranslation();
  const columns = useOrderColumns();
  const outcomeColumn = outcome(columns);
  const caption = t(`dashboard.${screen}.caption`);
  return (
    <OrderListScreen
      list={list}
      screen={screen}
      caption={caption}
      describeError={(error) => describeListError(error, t(`dashboard.${screen}.loadFailed`), true)}
      columns={[
        columns.orderId,
        columns.route,
        columns.weight,
        columns.price,
        columns.placedOn,
        outcomeColumn,
        columns.status,
      ]}
      cards={(orders, className) => (
        <OrderCards
          label={caption}
          orders={orders}
          fields={[columns.weight, columns.price, columns.placedOn, outcomeColumn]}
          className={className}
        />
      )}
    />
  );
}

/** Delivered orders, with the day each arrived. */
export function DeliveriesPage() {
  return <ClosedOrdersPage list="deliveries" screen="deliveries" outcome={(c) => c.deliveredOn} />;
}

/** Cancelled orders, with the reason when one was given. */
export function CancelledPage() {
  return <ClosedOrdersPage list="canceled" screen="cancelled" outcome={(c) => c.cancelReason} />;
}
