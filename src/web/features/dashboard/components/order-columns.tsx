import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerOrder } from '#shared/schemas/order-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import type { DataTableColumn } from '../../../ui/data-table';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { OrderIdLink } from './order-id-link';
import { routeText } from '../order-route';

export type OrderColumn = DataTableColumn<CustomerOrder>;
export type OrderColumns = ReturnType<typeof useOrderColumns>;

/** The columns the order lists choose from, so each figure is written the same everywhere. */
export function useOrderColumns() {
  const { t } = useTranslation();
  const format = useFormatters();
  return useMemo(() => {
    const dateOrDash = (iso: string | null) => (iso ? format.date(iso) : '—');
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
        routeText(t, format.city, order),
      ),
      weight: column(
        'weight',
        t('dashboard.lists.columns.weight'),
        (order) => format.kg(order.weight),
        'end',
      ),
      price: column(
        'price',
        t('dashboard.lists.columns.price'),
        (order) => format.dh(order.totalPrice),
        'end',
      ),
      status: column('status', t('dashboard.lists.columns.status'), (order) => (
        <OrderStatusBadge status={order.status} />
      )),
      placedOn: column('placedOn', t('dashboard.lists.columns.placedOn'), (order) =>
        format.date(order.createdAt),
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
  }, [t, format]);
}
