import '../dashboard-strings';
import { useTranslation } from 'react-i18next';
import { useOrderColumns } from '../components/order-columns';
import { OrderListScreen } from '../components/order-list-screen';
import { describeListError } from '../list-error';

/** SPEC section 2: Cancelled Orders, searchable, with the reason when one was given. */
export function CancelledPage() {
  const { t } = useTranslation();
  const columns = useOrderColumns();
  return (
    <OrderListScreen
      list="canceled"
      title={t('dashboard.cancelled.title')}
      lead={t('dashboard.cancelled.lead')}
      caption={t('dashboard.cancelled.caption')}
      emptyMessage={t('dashboard.cancelled.empty')}
      describeError={(error) => describeListError(error, t('dashboard.cancelled.loadFailed'), true)}
      columns={[
        columns.orderId,
        columns.route,
        columns.weight,
        columns.price,
        columns.placedOn,
        columns.cancelReason,
        columns.status,
      ]}
      cardFields={[columns.weight, columns.price, columns.placedOn, columns.cancelReason]}
    />
  );
}
