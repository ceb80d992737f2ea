import '../dashboard-strings';
import { useTranslation } from 'react-i18next';
import { useOrderColumns } from '../components/order-columns';
import { OrderListScreen } from '../components/order-list-screen';
import { describeListError } from '../list-error';

/** SPEC section 2: delivered orders, searchable by order id or destination. */
export function DeliveriesPage() {
  const { t } = useTranslation();
  const columns = useOrderColumns();
  return (
    <OrderListScreen
      list="deliveries"
      title={t('dashboard.deliveries.title')}
      lead={t('dashboard.deliveries.lead')}
      caption={t('dashboard.deliveries.caption')}
      emptyMessage={t('dashboard.deliveries.empty')}
      describeError={(error) =>
        describeListError(error, t('dashboard.deliveries.loadFailed'), true)
      }
      columns={[
        columns.orderId,
        columns.route,
        columns.weight,
        columns.price,
        columns.placedOn,
        columns.deliveredOn,
        columns.status,
      ]}
      cardFields={[columns.weight, columns.price, columns.placedOn, columns.deliveredOn]}
    />
  );
}
