import '../admin-strings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES } from '#shared/order-status';
import { useOrderStatusLabel } from '../../../ui/order-status-badge';
import type { ListFilterOption } from '../../../ui/list-screen';
import { AdminListScreen } from '../components/admin-list-screen';
import { useAdminOrderColumns } from '../components/order-columns';

/**
 * /admin/orders: every order (docs/product.md, section 3 "All-orders item"), filterable by status.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const columns = useAdminOrderColumns();
  const labelOf = useOrderStatusLabel();
  const statusOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'ALL', label: t('admin.lists.allStatuses') },
      ...ORDER_STATUSES.map((status) => ({ value: status, label: labelOf(status), status })),
    ],
    [t, labelOf],
  );
  return (
    <AdminListScreen
      list="orders"
      title={t('admin.orders.title')}
      lead={t('admin.orders.lead')}
      caption={t('admin.orders.caption')}
      searchPlaceholder={t('admin.orders.searchPlaceholder')}
      emptyMessage={t('admin.orders.empty')}
      loadFailedMessage={t('admin.lists.loadFailed.orders')}
      columns={[
        columns.id,
        columns.status,
        columns.price,
        columns.weightKg,
        columns.route,
        columns.customerEmail,
        columns.truck,
        columns.driver,
      ]}
      rowKey={(order) => order.id}
      filter={{ label: t('admin.lists.statusLabel'), options: statusOptions }}
    />
  );
}
