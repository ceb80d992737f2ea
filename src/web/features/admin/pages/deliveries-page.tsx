import '../admin-strings';
import { useTranslation } from 'react-i18next';
import { AdminListScreen } from '../components/admin-list-screen';
import { useAdminOrderColumns } from '../components/order-columns';

/** /admin/deliveries: delivered orders, weights in tonnes (DESIGN decision 10). */
export function DeliveriesPage() {
  const { t } = useTranslation();
  const columns = useAdminOrderColumns();
  return (
    <AdminListScreen
      list="delivered"
      title={t('admin.deliveries.title')}
      lead={t('admin.deliveries.lead')}
      caption={t('admin.deliveries.caption')}
      searchPlaceholder={t('admin.deliveries.searchPlaceholder')}
      emptyMessage={t('admin.deliveries.empty')}
      loadFailedMessage={t('admin.lists.loadFailed.delivered')}
      columns={[
        columns.orderId,
        columns.company,
        columns.route,
        columns.weightTonnes,
        columns.price,
        columns.truck,
        columns.driver,
        columns.deliveredOn,
        columns.status,
      ]}
      rowKey={(order) => order.id}
    />
  );
}
