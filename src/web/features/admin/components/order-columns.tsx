import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import type { AdminOrder } from '#shared/schemas/admin-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { OrderIdLink } from './order-id-link';
import type { CardColumn } from '../../../ui/row-cards';

export type OrderColumn = CardColumn<AdminOrder>;

function DateCell({ iso }: { iso: string }) {
  const { date } = useFormatters();
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {date(iso)}
    </time>
  );
}

/** The columns the admin order lists choose from, so each figure reads the same everywhere. */
export function useAdminOrderColumns() {
  const { t } = useTranslation();
  const format = useFormatters();
  return useMemo(() => {
    const none = t('admin.common.none');
    const column = (
      id: string,
      header: string,
      cell: OrderColumn['cell'],
      extra: Partial<OrderColumn> = {},
    ): OrderColumn => ({ id, header, cell, ...extra });
    return {
      id: column('id', t('admin.columns.id'), (order) => (
        <OrderIdLink id={order.id} trackingNumber={order.trackingNumber} />
      )),
      orderId: column('orderId', t('admin.columns.orderId'), (order) => (
        <OrderIdLink id={order.id} trackingNumber={order.trackingNumber} />
      )),
      company: column(
        'company',
        t('admin.columns.company'),
        (order) => order.user.company || order.user.name || t('admin.common.unknown'),
      ),
      customer: column('customer', t('admin.columns.customer'), (order) => order.user.name),
      customerEmail: column('customerEmail', t('admin.columns.customerEmail'), (order) => (
        <span className="break-all">{order.customer.email}</span>
      )),
      origin: column('origin', t('admin.columns.origin'), (order) => format.place(order.origin)),
      arrow: column(
        'arrow',
        '',
        () => (
          <>
            <ArrowRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
            <span className="sr-only">{t('admin.common.to')}</span>
          </>
        ),
        { inCards: false },
      ),
      destination: column('destination', t('admin.columns.destination'), (order) =>
        format.place(order.destination),
      ),
      route: column('route', t('admin.columns.route'), (order) => (
        // One line in the table; the phone cards' narrow columns may wrap it.
        <span className="md:whitespace-nowrap">
          {t('admin.common.route', {
            from: format.city(order.pickup_loc),
            to: format.city(order.delivery_loc),
          })}
        </span>
      )),
      // docs/product.md, section 3: a missing weight or price reads 0; a price of 0 shows N/A.
      weightKg: column(
        'weightKg',
        t('admin.columns.weightKg'),
        (order) => format.number(order.weight || 0, 0, 2),
        { align: 'end' },
      ),
      weightTonnes: column(
        'weightTonnes',
        t('admin.columns.weightTonnes'),
        (order) => <span className="whitespace-nowrap">{format.tonnes(order.weight || 0)}</span>,
        { align: 'end' },
      ),
      price: column(
        'price',
        t('admin.columns.priceMad'),
        (order) => (
          <span className="whitespace-nowrap">
            {order.price > 0 ? format.mad(order.price) : t('admin.common.notAvailable')}
          </span>
        ),
        { align: 'end' },
      ),
      status: column('status', t('admin.columns.status'), (order) => (
        <OrderStatusBadge status={order.status} />
      )),
      truck: column('truck', t('admin.columns.truck'), (order) => order.truck?.truckNumber ?? none),
      driver: column('driver', t('admin.columns.driver'), (order) => order.driver?.name ?? none),
      placedOn: column('placedOn', t('admin.columns.placedOn'), (order) => (
        <DateCell iso={order.createdAt} />
      )),
      deliveredOn: column('deliveredOn', t('admin.columns.deliveredOn'), (order) =>
        order.delivery_date ? <DateCell iso={order.delivery_date} /> : none,
      ),
      cancelledOn: column('cancelledOn', t('admin.columns.cancelledOn'), (order) => (
        <DateCell iso={order.updatedAt} />
      )),
      reason: column(
        'reason',
        t('admin.columns.reason'),
        (order) => order.cancellationReason ?? none,
      ),
    } satisfies Record<string, OrderColumn>;
  }, [t, format]);
}
