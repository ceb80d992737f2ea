import '../../../i18n/maps-strings';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pointOf } from '#shared/run-stops';
import type { RunPlan } from '#shared/schemas/run-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { useMessageText } from '../../../i18n/use-message-text';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { FormAlert } from '../../../ui/form-alert';
import { routeColourOf, type MapRoute } from '../../../ui/maps/map-route';
import { RunRoutesMap } from '../../../ui/maps/run-routes-map';
import {
  isEdited,
  measureRun,
  moveOrderTo,
  moveStopWithin,
  readProposedStops,
  toConfirmBody,
  type PlanStops,
} from './plan-editor';
import { PlanRunCard, type DraggedStop } from './plan-run-card';
import { useConfirmPlan } from './planning-api';
import { describeActionError } from '../admin-errors';
import type { RunDetail } from '#shared/schemas/run-schemas';

interface PlanProposalProps {
  plan: RunPlan;
  onConfirmed: (runs: RunDetail[]) => void;
  onStartAgain: () => void;
}

/**
 * Step two: the proposal on the map and as one card per truck, edited by moving stops and orders,
 * weighed again at each move; Confirm stays off while a run has a problem.
 */
export function PlanProposal({ plan, onConfirmed, onStartAgain }: PlanProposalProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { km, city } = useFormatters();
  const proposed = useMemo(() => readProposedStops(plan), [plan]);
  const [stops, setStops] = useState<PlanStops>(proposed);
  const [dragged, setDragged] = useState<DraggedStop | null>(null);
  const [error, setError] = useState<string>();
  const confirm = useConfirmPlan();
  const ordersById = useMemo(
    () => new Map(plan.orders.map((order) => [order.id, order])),
    [plan.orders],
  );

  const measured = useMemo(
    () => stops.map((run) => measureRun(plan, run.truckId, run.stops, ordersById)),
    [plan, stops, ordersById],
  );
  const blocked = measured.some((run) => run.problems.length > 0);
  const edited = isEdited(stops, proposed);
  const totalKm = measured.reduce((sum, run) => sum + run.distanceKm, 0);

  const routes = useMemo<MapRoute[]>(
    () =>
      stops.map((run, runIndex) => ({
        key: run.truckId,
        colour: routeColourOf(runIndex),
        start: null,
        stops: run.stops.flatMap((stop, index) => {
          const order = ordersById.get(stop.orderId);
          if (!order) return [];
          const place = stop.kind === 'pickup' ? order.pickupLoc : order.deliveryLoc;
          return [
            {
              key: `${stop.orderId}-${stop.kind}`,
              number: index + 1,
              kind: stop.kind,
              state: 'planned' as const,
              title: t('maps.routes.stop', {
                number: index + 1,
                kind: t(`planning.run.${stop.kind}`),
                trackingNumber: order.trackingNumber,
                city: city(place),
              }),
              ...pointOf(order, stop.kind),
            },
          ];
        }),
      })),
    [stops, ordersById, t, city],
  );
  const truckNumberOf = (truckId: string) =>
    plan.runs.find((run) => run.truck.id === truckId)?.truck.truckNumber ?? '';

  const edit = (next: PlanStops) => {
    setStops(next);
    setError(undefined);
  };
  const dropOn = (truckId: string, index: number | null) => {
    if (!dragged) return;
    if (dragged.truckId === truckId) {
      if (index !== null) edit(moveStopWithin(stops, truckId, dragged.index, index));
    } else {
      edit(moveOrderTo(stops, dragged.orderId, truckId));
    }
    setDragged(null);
  };

  const submit = () => {
    if (blocked) return;
    confirm.mutate(
      { planId: plan.id, body: toConfirmBody(stops, proposed) },
      {
        onSuccess: (confirmed) => onConfirmed(confirmed.runs),
        onError: (failure) => setError(describeActionError(failure, t('planning.confirmFailed'))),
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <Card
        title={t('planning.proposal.title')}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {edited && (
              <>
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {t('planning.proposal.edited')}
                </span>
                <button
                  type="button"
                  className={buttonClassName('ghost')}
                  onClick={() => edit(proposed)}
                >
                  {t('planning.proposal.reset')}
                </button>
              </>
            )}
            <button type="button" className={buttonClassName('secondary')} onClick={onStartAgain}>
              {t('planning.proposal.again')}
            </button>
          </div>
        }
      >
        <p className="mb-3 text-sm text-slate-700 tabular-nums" data-testid="plan-total">
          {t('planning.proposal.total', { count: stops.length, km: km(totalKm) })}
        </p>
        <RunRoutesMap
          label={t('planning.proposal.mapLabel')}
          routes={routes}
          truckOf={(route) => truckNumberOf(route.key)}
        />
      </Card>
      <p className="text-sm text-slate-600">{t('planning.run.dragHint')}</p>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {plan.runs.map((run, index) => (
          <PlanRunCard
            key={run.truck.id}
            run={run}
            colour={routeColourOf(index)}
            stops={stops[index]?.stops ?? []}
            measured={measured[index]!}
            ordersById={ordersById}
            otherTrucks={plan.runs
              .filter((other) => other.truck.id !== run.truck.id)
              .map((other) => other.truck)}
            dragged={dragged}
            onDrag={setDragged}
            onDrop={(at) => dropOn(run.truck.id, at)}
            onMoveStop={(from, to) => edit(moveStopWithin(stops, run.truck.id, from, to))}
            onMoveOrder={(orderId, truckId) => edit(moveOrderTo(stops, orderId, truckId))}
          />
        ))}
      </div>
      <Card title={t('planning.unplanned.title')}>
        {plan.unplanned.length === 0 ? (
          <p className="text-sm text-slate-600">{t('planning.unplanned.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {plan.unplanned.map((item) => (
              <li key={item.orderId} className="flex flex-wrap gap-x-4 py-2">
                <span className="font-mono font-semibold text-slate-900">
                  {item.trackingNumber}
                </span>
                <span className="text-slate-700">{messageText(item.message)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <div className="flex flex-col gap-3">
        {blocked && <p className="text-sm font-medium text-red-700">{t('planning.blocked')}</p>}
        <FormAlert>{error}</FormAlert>
        <div>
          <button
            type="button"
            disabled={blocked || confirm.isPending || stops.every((run) => run.stops.length === 0)}
            aria-busy={confirm.isPending || undefined}
            onClick={submit}
            className={buttonClassName('primary', 'lg')}
          >
            {confirm.isPending ? t('planning.confirming') : t('planning.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
