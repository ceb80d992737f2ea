import '../admin-strings';
import { useTranslation } from 'react-i18next';
import { AdminListScreen } from '../components/admin-list-screen';
import { useAdminOrderColumns } from '../components/order-columns';

/** /admin/cancelled: cancelled orders with their reason, weights in tonnes (DESIGN decision 10). */
export function CancelledPage() {
  const { t } = useTranslation();
  const columns = useAdminOrderColumns();
  return (
    <AdminListScreen
      list="cancelled"
      title={t('admin.cancelled.title')}
      lead={t('admin.cancelled.lead')}
      caption={t('admin.cancelled.caption')}
      searchPlaceholder={t('admin.cancelled.searchPlaceholder')}
      emptyMessage={t('admin.cancelled.empty')}
      loadFailedMessage={t('admin.lists.loadFailed.cancelled')}
      columns={[
        columns.orderId,
        columns.company,
        columns.route,
        columns.weightTonnes,
        columns.price,
        columns.reason,
        columns.cancelledOn,
        columns.status,
      ]}
      rowKey={(order) => order.id}
    />
  );
}
