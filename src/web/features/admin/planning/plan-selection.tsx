import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toBusinessDate } from '#shared/business-calendar';
import type { PlanRuns } from '#shared/schemas/run-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { Card } from '../../../ui/card';
import { FormAlert } from '../../../ui/form-alert';
import { DateField } from '../../../ui/date-field';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { filterPendingOrders } from './pending-order-filters';
import { useAvailableTrucks, usePendingOrders } from './planning-api';

interface PlanSelectionProps {
  busy: boolean;
  error: string | undefined;
  onPlan: (request: PlanRuns) => void;
}

/** Step one: the pending orders (filtered by city and day), the trucks and the runs' day. */
export function PlanSelection({ busy, error, onPlan }: PlanSelectionProps) {
  const { t } = useTranslation();
  const { city: cityName, kg, numericDate } = useFormatters();
  const orders = usePendingOrders();
  const trucks = useAvailableTrucks();
  const [city, setCity] = useState('');
  const [createdOn, setCreatedOn] = useState('');
  const [date, setDate] = useState(() => toBusinessDate(new Date()));
  const [chosenOrders, setChosenOrders] = useState<ReadonlySet<string>>(new Set());
  const [chosenTrucks, setChosenTrucks] = useState<ReadonlySet<string> | null>(null);
  const [missing, setMissing] = useState(false);

  const cities = useMemo(
    () =>
      [
        ...new Set((orders.data ?? []).flatMap((order) => [order.pickup_loc, order.delivery_loc])),
      ].sort((a, b) => a.localeCompare(b)),
    [orders.data],
  );
  const shown = useMemo(
    () => filterPendingOrders(orders.data ?? [], { city, date: createdOn }),
    [orders.data, city, createdOn],
  );
  // Every available truck is chosen until the office says otherwise.
  const trucksChosen = chosenTrucks ?? new Set((trucks.data ?? []).map((truck) => truck.truckId));
  const pendingIds = new Set((orders.data ?? []).map((order) => order.id));
  const orderIds = [...chosenOrders].filter((id) => pendingIds.has(id));

  const toggle = (set: ReadonlySet<string>, id: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (orderIds.length === 0 || trucksChosen.size === 0) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onPlan({ orderIds, truckIds: [...trucksChosen], date });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <Card title={t('planning.orders.title')}>
        {orders.isPending ? (
          <LoadingState label={t('planning.orders.loading')} />
        ) : orders.isError ? (
          <ErrorState message={t('planning.orders.failed')} onRetry={() => void orders.refetch()} />
        ) : (
          <>
            <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <FormField label={t('planning.orders.city')}>
                {(control) => (
                  <select
                    {...control}
                    value={city}
                    onChange={(event) => setCity(event.target.value)}
                    className={inputClassName()}
                  >
                    <option value="">{t('planning.orders.anyCity')}</option>
                    {cities.map((name) => (
                      <option key={name} value={name}>
                        {cityName(name)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <DateField
                label={t('planning.orders.date')}
                value={createdOn}
                onChange={setCreatedOn}
              />
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClassName('secondary')}
                  onClick={() =>
                    setChosenOrders(new Set([...chosenOrders, ...shown.map((order) => order.id)]))
                  }
                >
                  {t('planning.orders.selectAll')}
                </button>
                <button
                  type="button"
                  className={buttonClassName('ghost')}
                  onClick={() => setChosenOrders(new Set())}
                >
                  {t('planning.orders.clear')}
                </button>
              </div>
            </div>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {t('planning.orders.selected', { count: orderIds.length, total: pendingIds.size })}
            </p>
            {shown.length === 0 ? (
              <EmptyState message={t('planning.orders.empty')} />
            ) : (
              <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
                {shown.map((order) => (
                  <li key={order.id}>
                    <label className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm hover:bg-slate-50">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={chosenOrders.has(order.id)}
                        onChange={(event) =>
                          setChosenOrders(toggle(chosenOrders, order.id, event.target.checked))
                        }
                        aria-label={t('planning.orders.choose', {
                          trackingNumber: order.trackingNumber,
                        })}
                      />
                      <span className="font-mono font-semibold text-slate-900">
                        {order.trackingNumber}
                      </span>
                      <span className="text-slate-700">
                        {cityName(order.pickup_loc)} → {cityName(order.delivery_loc)}
                      </span>
                      <span className="text-slate-600 tabular-nums">{kg(order.weight)}</span>
                      <span className="ms-auto text-slate-500 tabular-nums">
                        {numericDate(order.createdAt)}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Card>
      <Card title={t('planning.trucks.title')}>
        {trucks.isPending ? (
          <LoadingState />
        ) : trucks.isError ? (
          <ErrorState message={t('planning.trucks.failed')} onRetry={() => void trucks.refetch()} />
        ) : trucks.data.length === 0 ? (
          <EmptyState message={t('planning.trucks.empty')} />
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {trucks.data.map((truck) => (
              <li key={truck.truckId}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={trucksChosen.has(truck.truckId)}
                    onChange={(event) =>
                      setChosenTrucks(toggle(trucksChosen, truck.truckId, event.target.checked))
                    }
                  />
                  <span>
                    <span className="block font-mono font-semibold text-slate-900">
                      {truck.truckNumber}
                    </span>
                    <span className="block text-slate-600">
                      {truck.fullName} · {t('planning.trucks.capacity', { kg: kg(truck.capacity) })}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div className="flex flex-wrap items-end gap-4">
        <DateField
          label={t('planning.date')}
          className="w-48"
          required
          value={date}
          onChange={setDate}
        />
        <BusySubmitButton
          busy={busy}
          label={t('planning.plan')}
          busyLabel={t('planning.planning')}
        />
      </div>
      <FormAlert>{missing ? t('planning.pickSome') : error}</FormAlert>
    </form>
  );
}
