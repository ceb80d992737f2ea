import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ArrowLeft } from 'lucide-react';
import type { FeePayer } from '#shared/merchant-money';
import { getPaymentStatusTone, type OrderStatus } from '#shared/order-status';
import type { OrderSource } from '#shared/schemas/order-source-schemas';
import { Card } from './card';
import { CopyButton } from './copy-button';
import { DetailList, type Detail } from './detail-list';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline, type TimelineEvent } from './order-timeline';
import { StatusBadge } from './status-badge';

/** The way back to the list an order page was opened from, above its title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="-ms-1 mb-2 inline-flex min-h-10 items-center gap-1.5 rounded px-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {children}
    </Link>
  );
}

/**
 * Where an order came from, when not the screens (docs/decisions/0021-shippers-api.md, "Created
 * by"): "Created by API key Web shop", "Imported from a spreadsheet".
 */
export function orderSourceText(source: OrderSource, t: TFunction): string | null {
  if (source.kind === 'api_key') return t('orderSource.apiKey', { name: source.name });
  if (source.kind === 'import') return t('orderSource.import');
  return null;
}

/**
 * "Placed on 3 May 2025" and the status badge, under an order page's title, then where the order
 * came from when it was not placed on the screens.
 */
export function OrderPlacedLead({
  placedOn,
  status,
  source,
}: {
  placedOn: string;
  status: OrderStatus;
  source?: OrderSource;
}) {
  const { t } = useTranslation();
  const createdBy = source ? orderSourceText(source, t) : null;
  return (
    <span className="flex flex-wrap items-center gap-3">
      {placedOn}
      <OrderStatusBadge status={status} />
      {createdBy && (
        <span data-testid="order-source" className="text-sm text-slate-600">
          {createdBy}
        </span>
      )}
    </span>
  );
}

/**
 * The area whose words an order page shows (`<area>.order.*`, `<area>.copy.*`,
 * `<area>.paymentMethods.*`, `<area>.paymentStatuses.*` in src/web/i18n/<language>/<area>.json).
 */
export type OrderWords = 'admin' | 'dashboard';

interface OrderIdsCardProps {
  words: OrderWords;
  trackingNumber: string;
  orderId: string;
  cancelReason: string | null;
  /** Offers to copy the full order id as well. */
  copyOrderId?: boolean;
  className?: string;
}

/** The order's tracking number (with copy), its full id, and why it was cancelled. */
export function OrderIdsCard({
  words,
  trackingNumber,
  orderId,
  cancelReason,
  copyOrderId = false,
  className,
}: OrderIdsCardProps) {
  const { t } = useTranslation();
  const labels = {
    trackingNumber: t(`${words}.order.trackingNumber`),
    orderId: t(`${words}.order.orderId`),
    cancelReason: t(`${words}.order.cancelReason`),
    copyTrackingNumber: t(`${words}.copy.trackingNumber`),
    copyOrderId: copyOrderId ? t(`${words}.copy.orderId`) : undefined,
    copied: t(`${words}.copy.copied`),
    failed: t(`${words}.copy.failed`),
  };
  const copyButton = (value: string, label: string) => (
    <CopyButton
      value={value}
      label={label}
      copiedLabel={labels.copied}
      failedLabel={labels.failed}
    />
  );
  const orderIdClassName = 'font-mono text-xs break-all text-slate-700';
  return (
    <Card className={className}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">{labels.trackingNumber}</p>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-mono text-lg font-semibold text-slate-900 tabular-nums">
              {trackingNumber}
            </span>
            {copyButton(trackingNumber, labels.copyTrackingNumber)}
          </div>
        </div>
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">{labels.orderId}</p>
          {labels.copyOrderId ? (
            <div className="mt-1 flex items-center gap-2">
              <span className={orderIdClassName}>{orderId}</span>
              {copyButton(orderId, labels.copyOrderId)}
            </div>
          ) : (
            <p className={`mt-1 ${orderIdClassName}`}>{orderId}</p>
          )}
        </div>
      </div>
      {cancelReason && (
        <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          <span className="font-semibold">{labels.cancelReason}: </span>
          {cancelReason}
        </p>
      )}
    </Card>
  );
}

interface OrderRouteCardProps {
  title: string;
  /** "Casablanca → Rabat". */
  route: string;
  details: Detail[];
  className?: string;
}

/** Where the order goes, then the details of the trip. */
export function OrderRouteCard({ title, route, details, className }: OrderRouteCardProps) {
  return (
    <Card title={title} className={className}>
      <p className="mb-4 text-lg font-semibold text-slate-900">{route}</p>
      <DetailList details={details} />
    </Card>
  );
}

interface OrderTimelineCardProps {
  title: string;
  events: readonly TimelineEvent[];
  emptyMessage: string;
  className?: string;
}

export function OrderTimelineCard({
  title,
  events,
  emptyMessage,
  className,
}: OrderTimelineCardProps) {
  return (
    <Card title={title} className={className}>
      <OrderTimeline events={events} emptyMessage={emptyMessage} />
    </Card>
  );
}

interface OrderPaymentCardProps {
  words: OrderWords;
  /** The amount's row: its label and the amount, formatted. */
  amount: Detail;
  payment: { method: string; status: string };
  /** Rows after the method and the status. */
  more?: Detail[];
  className?: string;
}

/** What the order costs, how it is paid and whether it is, with its status colour. */
export function OrderPaymentCard({
  words,
  amount,
  payment,
  more = [],
  className,
}: OrderPaymentCardProps) {
  const { t } = useTranslation();
  return (
    <Card title={t(`${words}.order.payment.title`)} className={className}>
      <DetailList
        columns={1}
        details={[
          {
            label: amount.label,
            value: <span className="text-xl font-bold text-slate-900">{amount.value}</span>,
          },
          {
            label: t(`${words}.order.payment.method`),
            value: t(`${words}.paymentMethods.${payment.method}`),
          },
          {
            label: t(`${words}.order.payment.status`),
            value: (
              <StatusBadge tone={getPaymentStatusTone(payment.status)}>
                {t(`${words}.paymentStatuses.${payment.status}`)}
              </StatusBadge>
            ),
          },
          ...more,
        ]}
      />
    </Card>
  );
}

/** What an order asks the driver to collect, as every order read answers it (in MAD). */
export interface OrderMoney {
  codAmount: number;
  feePaidBy: FeePayer;
  declaredValue: number | null;
  amountToCollect: number;
}

/**
 * The rows of an order page's payment card for its money (docs/decisions/0020-merchant-money.md):
 * what the receiver pays at the door, the goods' value in it, who pays the fee, and the declared
 * value when there is one. `money` formats an amount the page's way (Dh or MAD).
 */
export function orderMoneyDetails(
  order: OrderMoney,
  money: (amount: number) => string,
  t: TFunction,
): Detail[] {
  const details: Detail[] = [
    {
      label: t('orderMoney.amountToCollect'),
      value: (
        <span data-testid="amount-to-collect" className="font-semibold">
          {order.amountToCollect > 0 ? money(order.amountToCollect) : t('orderMoney.nothing')}
        </span>
      ),
    },
    { label: t('orderMoney.codAmount'), value: money(order.codAmount) },
    { label: t('orderMoney.feePaidBy'), value: t(`orderMoney.feePayers.${order.feePaidBy}`) },
  ];
  if (order.declaredValue !== null) {
    details.push({ label: t('orderMoney.declaredValue'), value: money(order.declaredValue) });
  }
  return details;
}
