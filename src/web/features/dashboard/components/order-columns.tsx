import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDh, formatKg } from '../../../../shared/format';
import type { CustomerOrder } from '../../../../shared/schemas/order-schemas';
import type { DataTableColumn } from '../../../ui/data-table';
import { formatDate } from '../../../ui/format-date';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { OrderIdLink } from './order-id-link';

export type OrderColumn = DataTableColumn<CustomerOrder>;

const dateOrDash = (iso: string | null) => (iso ? formatDate(iso) : '—');

/** The columns the order lists choose from, so each figure is written the same everywhere. */
export function useOrderColumns() {
  const { t } = useTranslation();
  return useMemo(() => {
    const column = (id: string, header: string, cell: OrderColumn['cell'], align?: 'end') => ({
      id,
      header,
      cell,
      align,
    });
    return {
      orderId: column('orderId', t('dashboard.lists.columns.orderId'), (order) => (
        <OrderIdLink id={order.id} form="dashboard" />
      )),
      route: column('route', t('dashboard.lists.columns.route'), (order) =>
        t('dashboard.common.route', { from: order.pickup_loc, to: order.delivery_loc }),
      ),
      weight: column(
        'weight',
        t('dashboard.lists.columns.weight'),
        (order) => formatKg(order.weight),
        'end',
      ),
      price: column(
        'price',
        t('dashboard.lists.columns.price'),
        (order) => formatDh(order.totalPrice),
        'end',
      ),
      status: column('status', t('dashboard.lists.columns.status'), (order) => (
        <OrderStatusBadge status={order.status} />
      )),
      placedOn: column('placedOn', t('dashboard.lists.columns.placedOn'), (order) =>
        formatDate(order.createdAt),
      ),
      estimatedDelivery: column(
        'estimatedDelivery',
        t('dashboard.lists.columns.estimatedDelivery'),
        (order) => dateOrDash(order.estimatedDelivery),
      ),
      deliveredOn: column('deliveredOn', t('dashboard.lists.columns.deliveredOn'), (order) =>
        dateOrDash(order.delivery_date),
      ),
      cancelReason: column(
        'cancelReason',
        t('dashboard.lists.columns.cancelReason'),
        (order) => order.cancelReason ?? '—',
      ),
    } satisfies Record<string, OrderColumn>;
  }, [t]);
}
