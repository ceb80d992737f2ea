import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES, type OrderStatus } from '#shared/order-status';
import { StatusBadge } from './status-badge';

/**
 * The shared English label of a status, read through i18next so that a translation file can
 * replace it (`orderStatus.IN_TRANSIT`) without a second English copy of the words.
 */
export function useOrderStatusLabel(): (status: OrderStatus) => string {
  const { t } = useTranslation();
  return useCallback(
    (status: OrderStatus) =>
      t(`orderStatus.${status}`, { defaultValue: ORDER_STATUS_LABELS[status] }),
    [t],
  );
}

/** An order's status with the shared label and colour, the same on every screen. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const labelOf = useOrderStatusLabel();
  return <StatusBadge tone={ORDER_STATUS_TONES[status]}>{labelOf(status)}</StatusBadge>;
}
