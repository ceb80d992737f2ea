import '../dashboard-strings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TRACKING_STATE_LABELS,
  TRACKING_STATE_STATUSES,
  TRACKING_STATES,
} from '#shared/order-status';
import type { ListFilterOption } from '../../../ui/list-screen';
import { OrderCards } from '../components/order-cards';
import { useOrderColumns } from '../components/order-columns';
import { OrderListScreen } from '../components/order-list-screen';
import { NewOrderLink } from '../components/new-order-link';

/**
 * docs/product.md, section 2: orders not yet delivered or cancelled, filtered by
 * On the road / Processing.
 */
export function TrackingPage() {
  const { t } = useTranslation();
  const columns = useOrderColumns();
  const stateOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'ALL', label: t('dashboard.lists.allStates') },
      ...TRACKING_STATES.map((state) => ({
        value: state,
        label: t(`trackingState.${state}`, { defaultValue: TRACKING_STATE_LABELS[state] }),
        status: TRACKING_STATE_STATUSES[state].join(','),
      })),
    ],
    [t],
  );
  const caption = t('dashboard.tracking.caption');
  return (
    <OrderListScreen
      list="tracking"
      screen="tracking"
      caption={caption}
      emptyAction={<NewOrderLink>{t('dashboard.lists.createOrder')}</NewOrderLink>}
      describeError={() => t('dashboard.tracking.loadFailed')}
      columns={[
        columns.orderId,
        columns.route,
        columns.weight,
        columns.price,
        columns.placedOn,
        columns.estimatedDelivery,
        columns.status,
      ]}
      cards={(orders, className) => (
        <OrderCards
          label={caption}
          orders={orders}
          fields={[columns.weight, columns.price, columns.placedOn, columns.estimatedDelivery]}
          className={className}
        />
      )}
      stateFilter={{ label: t('dashboard.lists.stateLabel'), options: stateOptions }}
    />
  );
}
