import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheckBig, LayoutGrid, PackageSearch, ReceiptText } from 'lucide-react';
import type { CustomerOrderDetail } from '#shared/schemas/order-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { CopyButton } from '../../../ui/copy-button';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import { SummaryRow } from './price-summary';

/**
 * Step 5, Thank You. The order reads "Confirmed" in the sense of received (docs/product.md,
 * decision 14); it stays PENDING until an admin assigns a truck.
 */
export function OrderConfirmation({ order }: { order: CustomerOrderDetail }) {
  const { t } = useTranslation();
  const { dh, city } = useFormatters();
  return (
    <div className="mx-auto max-w-xl">
      <div className="flex flex-col items-center text-center">
        <CircleCheckBig aria-hidden="true" className="size-12 text-emerald-600" />
        <p className="mt-3 text-slate-600">{t('ordering.wizard.confirmation.lead')}</p>
      </div>
      <dl className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 px-4">
        <SummaryRow label={t('ordering.wizard.confirmation.status')}>
          <OrderStatusBadge status="CONFIRMED" />
        </SummaryRow>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-1.5">
          <dt className="text-sm text-slate-600">
            {t('ordering.wizard.confirmation.trackingNumber')}
          </dt>
          <dd className="flex items-center gap-2">
            <span
              data-testid="tracking-number"
              className="font-mono text-base font-semibold tabular-nums"
            >
              {order.trackingNumber}
            </span>
            <CopyButton
              value={order.trackingNumber}
              label={t('ordering.wizard.confirmation.copy')}
              copiedLabel={t('ordering.wizard.confirmation.copied')}
              failedLabel={t('ordering.wizard.confirmation.copyFailed')}
            />
          </dd>
        </div>
        <SummaryRow label={t('ordering.wizard.confirmation.route')}>
          {t('ordering.units.route', {
            from: city(order.pickup_loc),
            to: city(order.delivery_loc),
          })}
        </SummaryRow>
        <SummaryRow label={t('ordering.wizard.confirmation.price')}>{dh(order.price)}</SummaryRow>
      </dl>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <Link to={`/orders/${order.id}`} className={buttonClassName('secondary')}>
          <ReceiptText aria-hidden="true" className="size-4" />
          {t('ordering.wizard.confirmation.viewOrder')}
        </Link>
        <Link
          to={`/track-shipment?number=${encodeURIComponent(order.trackingNumber)}`}
          className={buttonClassName('secondary')}
        >
          <PackageSearch aria-hidden="true" className="size-4" />
          {t('ordering.wizard.confirmation.track')}
        </Link>
        <Link to="/dashboard" className={buttonClassName('primary')}>
          <LayoutGrid aria-hidden="true" className="size-4" />
          {t('ordering.wizard.returnToDashboard')}
        </Link>
      </div>
    </div>
  );
}
