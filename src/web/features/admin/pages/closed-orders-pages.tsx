import '../admin-strings';
import { useTranslation } from 'react-i18next';
import { AdminListScreen } from '../components/admin-list-screen';
import { useAdminOrderColumns, type OrderColumn } from '../components/order-columns';

type Columns = ReturnType<typeof useAdminOrderColumns>;

interface ClosedOrdersPageProps {
  list: 'delivered' | 'cancelled';
  /** The screen's words, under admin.<screen>. */
  screen: 'deliveries' | 'cancelled';
  /** The columns that tell how the orders ended. */
  outcome(columns: Columns): OrderColumn[];
}

/** The two lists of orders that are over, weights in tonnes (docs/product.md, decision 10). */
function ClosedOrdersPage({ list, screen, outcome }: ClosedOrdersPageProps) {
  const { t } = useTranslation();
  const columns = useAdminOrderColumns();
  return (
    <AdminListScreen
      list={list}
      title={t(`admin.${screen}.title`)}
      lead={t(`admin.${screen}.lead`)}
      caption={t(`admin.${screen}.caption`)}
      searchPlaceholder={t(`admin.${screen}.searchPlaceholder`)}
      emptyMessage={t(`admin.${screen}.empty`)}
      loadFailedMessage={t(`admin.lists.loadFailed.${list}`)}
      columns={[
        columns.orderId,
        columns.company,
        columns.route,
        columns.weightTonnes,
        columns.price,
        ...outcome(columns),
        columns.status,
      ]}
      rowKey={(order) => order.id}
    />
  );
}

/** /admin/deliveries: delivered orders with their truck and driver. */
export function DeliveriesPage() {
  return (
    <ClosedOrdersPage
      list="delivered"
      screen="deliveries"
      outcome={(columns) => [columns.truck, columns.driver, columns.deliveredOn]}
    />
  );
}

/** /admin/cancelled: cancelled orders with their reason. */
export function CancelledPage() {
  return (
    <ClosedOrdersPage
      list="cancelled"
      screen="cancelled"
      outcome={(columns) => [columns.reason, columns.cancelledOn]}
    />
  );
}
