import '../dashboard-strings';
import { useTranslation } from 'react-i18next';
import type { OrderColumn, OrderColumns } from '../components/order-columns';
import { OrderTableScreen } from '../components/order-list-screen';
import { describeListError } from '../list-error';

interface ClosedOrdersPageProps {
  list: 'deliveries' | 'canceled';
  /** The screen's words, under dashboard.<screen>. */
  screen: 'deliveries' | 'cancelled';
  /** The date, or the reason, that tells how the order ended. */
  outcome(columns: OrderColumns): OrderColumn;
}

/** docs/product.md, section 2: the orders that are over, searchable by order id or destination. */
function ClosedOrdersPage({ list, screen, outcome }: ClosedOrdersPageProps) {
  const { t } = useTranslation();
  return (
    <OrderTableScreen
      list={list}
      screen={screen}
      describeError={(error) => describeListError(error, t(`dashboard.${screen}.loadFailed`), true)}
      stage={outcome}
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
