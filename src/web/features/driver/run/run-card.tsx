import '../driver-strings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Clock, MapPin, Route } from 'lucide-react';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import type { DriverRun, DriverRunStop } from '#shared/schemas/driver-run-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import type { StepQueue } from '../offline/use-step-queue';
import { CallAndNavigate, CashToCollect, ReceiverNotes } from '../orders/order-card';
import { OrderSteps } from '../orders/order-steps';

/**
 * The run the page shows as "Your run", if any: one of two orders or more. Every dispatch makes a
 * run, and a run of one order is its order card as before (the card has its way there, its step
 * and its receiver's details), so a one-order dispatch reads as it always did.
 */
export function runToShow(run: DriverRun | null): DriverRun | null {
  if (!run) return null;
  return new Set(run.stops.map((stop) => stop.orderId)).size > 1 ? run : null;
}

/** The orders of the run's stops still to do: the page lists the others under "On the road". */
export function openRunOrderIds(run: DriverRun): Set<string> {
  return new Set(run.stops.filter((stop) => stop.outcome === null).map((stop) => stop.orderId));
}

function StopPlace({ stop }: { stop: DriverRunStop }) {
  const { t } = useTranslation();
  const { city } = useFormatters();
  return (
    <div className="flex min-w-0 gap-2">
      <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <p className="min-w-0 text-sm text-slate-900">
        <span className="block text-xs font-medium tracking-wide text-slate-500 uppercase">
          {stop.kind === 'pickup' ? t('driver.run.pickupAt') : t('driver.run.deliveryTo')}
        </span>
        <span className="font-semibold">{city(stop.city)}</span>
        {stop.address && <span className="block break-words">{stop.address}</span>}
      </p>
    </div>
  );
}

/**
 * A stop still to do: where, when the truck should be there, the way there, and its own step
 * (the pickup, or the delivery and its failed attempt) through the order's usual dialogs.
 */
function OpenStop({
  stop,
  order,
  queue,
  next,
}: {
  stop: DriverRunStop;
  order: DriverOrder | undefined;
  queue: StepQueue;
  next: boolean;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const titleId = useId();
  const delivery = stop.kind === 'delivery';
  return (
    <li
      aria-labelledby={titleId}
      aria-current={next ? 'step' : undefined}
      className={`flex flex-col gap-3 rounded-lg border p-3 ${
        next ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-slate-200 bg-white'
      }`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-slate-900">
          {/* Isolated by bdi: in Arabic the stop's number would run into the tracking number. */}
          {next
            ? t('driver.run.next')
            : t('driver.run.stopNumber', { position: stop.position })}{' '}
          <bdi className="font-mono font-normal text-slate-600 tabular-nums">
            {stop.trackingNumber}
          </bdi>
        </h3>
        {stop.etaAt && (
          <span className="flex items-center gap-1 text-sm text-slate-700">
            <Clock aria-hidden="true" className="size-4" />
            {t('driver.run.eta', { time: dateTime(stop.etaAt) })}
          </span>
        )}
      </header>
      <StopPlace stop={stop} />
      {delivery && order && order.cashToCollect !== null && (
        <CashToCollect centimes={order.cashToCollect} />
      )}
      {delivery && order?.deliveryCodeLocked && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {t('driver.card.locked')}
        </p>
      )}
      {delivery && order && <ReceiverNotes order={order} />}
      <CallAndNavigate
        receiver={delivery && order ? order.receiver : null}
        navigationUrl={stop.navigationUrl}
      />
      {order && <OrderSteps order={order} queue={queue} only={stop.kind} />}
    </li>
  );
}

function DoneStop({ stop }: { stop: DriverRunStop }) {
  const { t } = useTranslation();
  const { city } = useFormatters();
  const outcome = stop.outcome ?? 'done';
  return (
    <li className="flex items-start justify-between gap-3 py-2 text-sm text-slate-500">
      <span className="min-w-0">
        <bdi className="font-mono tabular-nums">{stop.trackingNumber}</bdi>{' '}
        {stop.kind === 'pickup' ? t('driver.run.pickupAt') : t('driver.run.deliveryTo')}{' '}
        {city(stop.city)}
      </span>
      <span
        className={`shrink-0 font-medium ${outcome === 'failed' ? 'text-amber-800' : 'text-slate-600'}`}
      >
        {t(`driver.run.${outcome}`)}
      </span>
    </li>
  );
}

/**
 * "Your run" (docs/decisions/0024-runs-and-planning.md, "The driver's run"): the progress, the
 * stops still to do in order with the next one first and highlighted, then the ones done,
 * folded away. `orders` are the driver's orders on the road, whose steps the stops offer.
 */
export function RunCard({
  run,
  orders,
  queue,
}: {
  run: DriverRun;
  orders: readonly DriverOrder[];
  queue: StepQueue;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const ordersById = new Map(orders.map((order) => [order.id, order]));
  const open = run.stops.filter((stop) => stop.outcome === null);
  const done = run.stops.filter((stop) => stop.outcome !== null);
  const { progress } = run;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Route aria-hidden="true" className="size-5 text-brand-700 rtl:-scale-x-100" />
            {t('driver.run.title')}
          </h2>
          <span className="text-sm text-slate-600">
            {t('driver.run.truck', { truckNumber: run.truckNumber })}
          </span>
        </div>
        <p className="text-sm font-medium text-slate-800">
          {t('driver.run.progress', { done: progress.done, total: progress.total })}
        </p>
        <div
          role="progressbar"
          aria-label={t('driver.run.title')}
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.done}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-600"
            style={{ width: `${progress.total ? (100 * progress.done) / progress.total : 0}%` }}
          />
        </div>
      </header>
      <ol className="flex flex-col gap-3">
        {open.map((stop) => (
          <OpenStop
            key={stop.position}
            stop={stop}
            order={ordersById.get(stop.orderId)}
            queue={queue}
            next={stop.position === run.nextStopPosition}
          />
        ))}
      </ol>
      {done.length > 0 && (
        <details className="rounded-lg bg-slate-50 px-3">
          <summary className="flex cursor-pointer items-center gap-2 py-2 text-sm font-medium text-slate-700">
            <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" />
            {t('driver.run.doneStops', { count: done.length })}
          </summary>
          <ol className="divide-y divide-slate-200">
            {done.map((stop) => (
              <DoneStop key={stop.position} stop={stop} />
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

/** Every stop of the run is done: said once, until the driver dismisses it or a new run comes. */
export function RunFinished({ onDismiss }: { onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <section
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950"
    >
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <CheckCircle2 aria-hidden="true" className="size-5" />
        {t('driver.run.finished')}
      </h2>
      <p className="text-sm">{t('driver.run.finishedLead')}</p>
      <button
        type="button"
        onClick={onDismiss}
        className={`${buttonClassName('secondary')} self-start`}
      >
        {t('driver.run.dismiss')}
      </button>
    </section>
  );
}
