import '../driver-strings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ArrowLeftRight,
  Banknote,
  MapPin,
  MessageSquareText,
  Navigation,
  PackageOpen,
  Phone,
  Truck,
  Undo2,
} from 'lucide-react';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import { navigationUrlTo } from '#shared/schemas/driver-run-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { OrderStatusBadge } from '../../../ui/order-status-badge';
import type { StepQueue } from '../offline/use-step-queue';
import { OrderSteps } from './order-steps';

function Place({ label, place }: { label: string; place: DriverOrder['pickup'] }) {
  const { city } = useFormatters();
  return (
    <div className="flex gap-2">
      <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <div className="min-w-0">
        <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
        <dd className="text-sm text-slate-900">
          <span className="font-semibold">{city(place.city)}</span>
          {place.address && <span className="block break-words">{place.address}</span>}
        </dd>
      </div>
    </div>
  );
}

/**
 * A parcel going back (docs/decisions/0023-failed-deliveries-and-returns.md): to whom, their
 * phone and address, and why it comes back.
 */
function ReturnTo({ order }: { order: DriverOrder }) {
  const { t } = useTranslation();
  const { city } = useFormatters();
  const returnTo = order.returnTo;
  if (!returnTo) return null;
  return (
    <section
      aria-label={t('driver.card.returnToSender')}
      className="flex flex-col gap-2 rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-slate-900"
    >
      <p className="flex items-center gap-2 font-semibold text-orange-900">
        <Undo2 aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        {t('driver.card.returnToSender')}
      </p>
      <p className="font-semibold">{returnTo.name}</p>
      {returnTo.phone && (
        <a
          href={`tel:${returnTo.phone}`}
          className="font-medium text-brand-800 underline"
          dir="ltr"
        >
          {returnTo.phone}
        </a>
      )}
      <p>
        <span className="font-semibold">{city(returnTo.city)}</span>
        {returnTo.address && <span className="block break-words">{returnTo.address}</span>}
      </p>
      {order.returnReason && (
        <p className="text-slate-700">
          {t('driver.card.returnReason', { reason: order.returnReason })}
        </p>
      )}
    </section>
  );
}

/**
 * What the receiver told the driver through their link, whether they may open the parcel, and
 * the parcel an exchange takes back.
 */
export function ReceiverNotes({ order }: { order: DriverOrder }) {
  const { t } = useTranslation();
  if (
    !order.receiverInstructions &&
    !order.receiverOtherPhone &&
    !order.allowOpen &&
    !order.takeBack
  ) {
    return null;
  }
  return (
    <div className="flex flex-col gap-2 text-sm">
      {order.takeBack && (
        <p className="flex items-center gap-2 font-semibold text-amber-900">
          <ArrowLeftRight aria-hidden="true" className="size-4 shrink-0" />
          {t('driver.card.takeBack', { trackingNumber: order.takeBack })}
        </p>
      )}
      {order.receiverInstructions && (
        <p className="flex gap-2 rounded-lg bg-sky-50 p-3 text-sky-950">
          <MessageSquareText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-semibold">{t('driver.card.instructions')}</span>{' '}
            <span className="break-words">{order.receiverInstructions}</span>
          </span>
        </p>
      )}
      {order.receiverOtherPhone && (
        <a
          href={`tel:${order.receiverOtherPhone}`}
          className={`${buttonClassName('secondary')} w-full`}
        >
          <Phone aria-hidden="true" className="size-4" />
          {t('driver.card.otherPhone', { phone: order.receiverOtherPhone })}
        </a>
      )}
      {order.allowOpen && (
        <p className="flex items-center gap-2 font-semibold text-emerald-800">
          <PackageOpen aria-hidden="true" className="size-4" />
          {t('driver.card.allowOpen')}
        </p>
      )}
    </div>
  );
}

/**
 * One order on the road (docs/decisions/0009-drivers.md, "The driver's orders"): where to, who to call, what to
 * collect, and the next step as the one big button; a parcel going back says to whom, collects
 * nothing and asks for the sender's return code. Steps waiting for the network show as done,
 * with a note, so the driver goes on with their round.
 */
/** The cash the driver collects at the door, on an order's card and on its run stop alike. */
export function CashToCollect({ centimes }: { centimes: number }) {
  const { t } = useTranslation();
  const { mad } = useFormatters();
  return (
    <p className="flex items-center justify-between gap-3 rounded-lg border border-accent-300 bg-amber-50 px-3 py-2">
      <span className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Banknote aria-hidden="true" className="size-5 text-accent-600" />
        {t('driver.card.cashToCollect')}
      </span>
      <span className="text-xl font-bold whitespace-nowrap text-slate-900 tabular-nums">
        {mad(centimes)}
      </span>
    </p>
  );
}

/**
 * A stop's two links: call the receiver (when there is one to call) and turn-by-turn directions in
 * the phone's maps app; on an order's card and on its run stop alike.
 */
export function CallAndNavigate({
  receiver,
  navigationUrl,
}: {
  receiver: DriverOrder['receiver'] | null;
  navigationUrl: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-2">
      {receiver?.phone ? (
        <a
          href={`tel:${receiver.phone}`}
          aria-label={t('driver.card.call', {
            name: receiver.name ?? t('driver.card.noReceiver'),
          })}
          className={buttonClassName('secondary')}
        >
          <Phone aria-hidden="true" className="size-4" />
          {t('driver.card.callReceiver')}
        </a>
      ) : (
        <span />
      )}
      <a
        href={navigationUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClassName('secondary')}
      >
        <Navigation aria-hidden="true" className="size-4" />
        {t('driver.card.navigate')}
      </a>
    </div>
  );
}

export function OrderCard({ order, queue }: { order: DriverOrder; queue: StepQueue }) {
  const { t } = useTranslation();
  const { kg } = useFormatters();
  const titleId = useId();
  const receiverName = order.receiver.name ?? t('driver.card.noReceiver');
  const returning = order.status === 'RETURNING';
  // A parcel going back is driven to its sender, not to the receiver.
  const destination = returning ? order.pickup : order.delivery;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="font-mono text-base font-semibold text-slate-900 tabular-nums">
          {order.trackingNumber}
        </h3>
        <OrderStatusBadge status={order.status} />
      </header>

      <dl className="flex flex-col gap-3">
        <Place label={t('driver.card.pickup')} place={order.pickup} />
        <Place label={t('driver.card.delivery')} place={order.delivery} />
        <div className="flex gap-2">
          <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t('driver.card.receiver')}
            </dt>
            <dd className="text-sm text-slate-900">{receiverName}</dd>
          </div>
        </div>
        <div className="flex gap-2">
          <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <dd className="text-sm text-slate-700">
            {t('driver.card.cargo', {
              cargo: t(`driver.cargoTypes.${order.cargoType}`),
              weight: kg(order.weight),
              quantity: order.quantity,
            })}
            {order.shipmentInfo && <span className="block">{order.shipmentInfo}</span>}
          </dd>
        </div>
      </dl>

      <ReturnTo order={order} />
      {!returning && <ReceiverNotes order={order} />}

      {returning ? (
        <p className="text-sm font-medium text-slate-700">{t('driver.card.nothingToCollect')}</p>
      ) : order.cashToCollect !== null ? (
        <CashToCollect centimes={order.cashToCollect} />
      ) : (
        <p className="text-sm text-slate-600">{t('driver.card.prepaid')}</p>
      )}

      {order.failedAttempts > 0 && (
        <p className="text-sm text-amber-800">
          {t('driver.card.failedAttempts', { count: order.failedAttempts })}
        </p>
      )}
      {order.deliveryCodeLocked && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {returning ? t('driver.card.returnLocked') : t('driver.card.locked')}
        </p>
      )}
      <CallAndNavigate
        receiver={returning ? null : order.receiver}
        navigationUrl={navigationUrlTo(destination)}
      />

      <OrderSteps order={order} queue={queue} />
    </article>
  );
}
