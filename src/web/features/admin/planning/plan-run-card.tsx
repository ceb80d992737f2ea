import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { isWithinCapacity, type RunStopRef } from '#shared/run-loads';
import { capacityOf } from '#shared/run-stops';
import type { PlannedRun, RunPlanOrder } from '#shared/schemas/run-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { useMessageText } from '../../../i18n/use-message-text';
import type { MeasuredRun } from './plan-editor';

/** Where a dragged stop comes from. */
export interface DraggedStop {
  truckId: string;
  index: number;
  orderId: string;
}

interface PlanRunCardProps {
  run: PlannedRun;
  colour: string;
  stops: readonly RunStopRef[];
  measured: MeasuredRun;
  ordersById: ReadonlyMap<string, RunPlanOrder>;
  /** The other trucks of the plan, an order's destinations. */
  otherTrucks: ReadonlyArray<{ id: string; truckNumber: string }>;
  dragged: DraggedStop | null;
  onDrag: (stop: DraggedStop | null) => void;
  /** A stop dropped on this run: at `index` among its stops, or on the run itself. */
  onDrop: (index: number | null) => void;
  onMoveStop: (from: number, to: number) => void;
  onMoveOrder: (orderId: string, truckId: string) => void;
}

/**
 * One truck's run in the editor: its stops in order with the load after each against the truck's
 * capacity, and the run's distance and time. A stop drags within the run or onto another truck's
 * card; the buttons and the truck choice do the same without a mouse (a phone, a keyboard).
 */
export function PlanRunCard({
  run,
  colour,
  stops,
  measured,
  ordersById,
  otherTrucks,
  dragged,
  onDrag,
  onDrop,
  onMoveStop,
  onMoveOrder,
}: PlanRunCardProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { city, kg, km, duration, number } = useFormatters();
  const [over, setOver] = useState(false);
  const capacity = capacityOf(run.truck);

  const allowDrop = (event: DragEvent) => {
    if (!dragged) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  };
  const drop = (index: number | null) => (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setOver(false);
    onDrop(index);
  };

  return (
    <section
      aria-label={t('planning.run.title', { truck: run.truck.truckNumber })}
      data-truck={run.truck.truckNumber}
      onDragOver={(event) => {
        allowDrop(event);
        if (dragged && dragged.truckId !== run.truck.id) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop(null)}
      className={`flex flex-col rounded-lg border bg-white p-4 shadow-sm ${
        over ? 'border-brand-600 ring-2 ring-brand-200' : 'border-slate-200'
      }`}
      style={{ borderTopColor: colour, borderTopWidth: 6 }}
    >
      <h3 className="font-semibold text-slate-900">
        {t('planning.run.title', { truck: run.truck.truckNumber })}
      </h3>
      <p className="text-sm text-slate-600">
        {t('planning.run.driver', { name: run.driver.fullName })}
      </p>
      <p className="mt-1 text-sm font-medium text-slate-800 tabular-nums" data-testid="run-summary">
        {t('planning.run.summary', {
          stops: stops.length,
          distance: km(measured.distanceKm),
          duration: duration(measured.durationMinutes),
        })}
      </p>
      {measured.problems.length > 0 && (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800"
        >
          <p className="font-semibold">{t('planning.run.problems')}</p>
          <ul className="list-disc ps-5">
            {measured.problems.map((problem) => (
              <li key={problem}>{messageText(problem)}</li>
            ))}
          </ul>
        </div>
      )}
      {stops.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {t('planning.run.empty')}
        </p>
      ) : (
        <ol className="mt-3 flex flex-col gap-2">
          {stops.map((stop, index) => {
            const order = ordersById.get(stop.orderId);
            const load = measured.loads[index] ?? { kg: 0, m3: 0 };
            const fits = isWithinCapacity(load, capacity);
            const position = index + 1;
            return (
              <li
                key={`${stop.orderId}-${stop.kind}`}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', `${stop.orderId}:${stop.kind}`);
                  onDrag({ truckId: run.truck.id, index, orderId: stop.orderId });
                }}
                onDragEnd={() => onDrag(null)}
                onDragOver={allowDrop}
                onDrop={drop(index)}
                data-testid="plan-stop"
                className="flex items-start gap-2 rounded-lg border border-slate-200 p-2 text-sm"
              >
                <GripVertical
                  aria-hidden="true"
                  className="mt-1 hidden size-4 shrink-0 cursor-grab text-slate-400 sm:block"
                />
                <span
                  aria-hidden="true"
                  className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums ${
                    stop.kind === 'delivery' ? 'text-white' : 'border-[3px] bg-white'
                  }`}
                  style={
                    stop.kind === 'delivery'
                      ? { background: colour }
                      : { borderColor: colour, color: colour }
                  }
                >
                  {position}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    <span className="sr-only">{position}. </span>
                    {t(`planning.run.${stop.kind}`)}{' '}
                    <span className="font-mono">{order?.trackingNumber}</span>
                  </p>
                  <p className="text-slate-600">
                    {order
                      ? city(stop.kind === 'pickup' ? order.pickupLoc : order.deliveryLoc)
                      : ''}
                  </p>
                  <p
                    className={`tabular-nums ${fits ? 'text-slate-600' : 'font-semibold text-red-700'}`}
                    data-testid="stop-load"
                  >
                    <span className="sr-only">{t('planning.run.loadLabel')}: </span>
                    {t('planning.run.load', { load: kg(load.kg), capacity: kg(capacity.kg) })}
                    {capacity.m3 !== null &&
                      ` · ${number(load.m3, 0, 2)} / ${number(capacity.m3)} m³`}
                  </p>
                  {otherTrucks.length > 0 && (
                    <select
                      aria-label={t('planning.run.moveOrder', {
                        trackingNumber: order?.trackingNumber ?? '',
                      })}
                      value=""
                      onChange={(event) => {
                        if (event.target.value) onMoveOrder(stop.orderId, event.target.value);
                      }}
                      className="mt-1 min-h-9 rounded-md border border-slate-300 bg-white px-2 text-xs"
                    >
                      <option value="">{t('planning.run.chooseTruck')}</option>
                      {otherTrucks.map((truck) => (
                        <option key={truck.id} value={truck.id}>
                          {t('planning.run.moveOrderTo', { truck: truck.truckNumber })}
                        </option>
                      ))}
                    </select>
                  )}
                </div>
                <div className="flex shrink-0 flex-col gap-1">
                  <button
                    type="button"
                    disabled={index === 0}
                    onClick={() => onMoveStop(index, index - 1)}
                    aria-label={t('planning.run.moveUp', { number: position })}
                    className="flex size-10 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    disabled={index === stops.length - 1}
                    onClick={() => onMoveStop(index, index + 1)}
                    aria-label={t('planning.run.moveDown', { number: position })}
                    className="flex size-10 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
