import '../dashboard-strings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TRACKING_STATE_LABELS,
  TRACKING_STATE_STATUSES,
  TRACKING_STATES,
} from '#shared/order-status';
import type { ListFilterOption } from '../../../ui/list-screen';
import { OrderTableScreen } from '../components/order-list-screen';
import { NewOrderLink } from '../components/new-order-link';

/**
 * docs/product.md, section 2: orders not yet delivered or cancelled, filtered by
 * On the road / Processing.
 */
export function TrackingPage() {
  const { t } = useTranslation();
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
  return (
    <OrderTableScreen
      list="tracking"
      screen="tracking"
      emptyAction={<NewOrderLink>{t('dashboard.lists.createOrder')}</NewOrderLink>}
      describeError={() => t('dashboard.tracking.loadFailed')}
      stage={(columns) => columns.estimatedDelivery}
      stateFilter={{ label: t('dashboard.lists.stateLabel'), options: stateOptions }}
    />
  );
}
