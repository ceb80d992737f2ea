import { keyOf, type MessageKey } from '#shared/i18n/message-key';
import { checkRunStops, runLoadProfile, type RunLoad, type RunStopRef } from '#shared/run-loads';
import { capacityOf, describeRunProblems, loadItemOf, measureStops } from '#shared/run-stops';
import type { ConfirmPlan, RunPlan, RunPlanOrder } from '#shared/schemas/run-schemas';

/*
 * The plan editor's rules (docs/decisions/0024-runs-and-planning.md, "The planning screen"):
 * pure functions over each truck's stops, so moving a stop or an order never touches the screen
 * and the loads and problems come from the server's own rules (#shared/run-loads, run-stops).
 */

/** Each truck's stops in order, as the office has them now. */
export type PlanStops = ReadonlyArray<{ truckId: string; stops: readonly RunStopRef[] }>;

/** The stops as the planner proposed them. */
export function readProposedStops(plan: RunPlan): PlanStops {
  return plan.runs.map((run) => ({
    truckId: run.truck.id,
    stops: run.stops.map(({ orderId, kind }) => ({ orderId, kind })),
  }));
}

/** The stop at `from` moves to `to` in the same run (both indices of the run as it was). */
export function moveStopWithin(
  plan: PlanStops,
  truckId: string,
  from: number,
  to: number,
): PlanStops {
  return plan.map((run) => {
    if (run.truckId !== truckId) return run;
    if (from === to || from < 0 || to < 0 || from >= run.stops.length || to >= run.stops.length) {
      return run;
    }
    const stops = [...run.stops];
    const [moved] = stops.splice(from, 1);
    stops.splice(to, 0, moved!);
    return { ...run, stops };
  });
}

/**
 * The order's pickup and delivery leave their truck for this one, after its last stop: the
 * office then moves them where it wants them.
 */
export function moveOrderTo(plan: PlanStops, orderId: string, truckId: string): PlanStops {
  const owner = plan.find((run) => run.stops.some((stop) => stop.orderId === orderId));
  if (!owner || owner.truckId === truckId || !plan.some((run) => run.truckId === truckId)) {
    return plan;
  }
  const moved = owner.stops.filter((stop) => stop.orderId === orderId);
  return plan.map((run) => {
    if (run.truckId === owner.truckId) {
      return { ...run, stops: run.stops.filter((stop) => stop.orderId !== orderId) };
    }
    if (run.truckId === truckId) return { ...run, stops: [...run.stops, ...moved] };
    return run;
  });
}

/** Whether the office changed anything of the proposal. */
export function isEdited(plan: PlanStops, proposed: PlanStops): boolean {
  return plan.some((run, index) => {
    const before = proposed[index]?.stops ?? [];
    return (
      run.stops.length !== before.length ||
      run.stops.some(
        (stop, at) => stop.orderId !== before[at]?.orderId || stop.kind !== before[at]?.kind,
      )
    );
  });
}

/** What Confirm sends: nothing as proposed, every truck's stops once edited. */
export function toConfirmBody(plan: PlanStops, proposed: PlanStops): ConfirmPlan {
  if (!isEdited(plan, proposed)) return {};
  return {
    runs: plan
      .filter((run) => run.stops.length > 0)
      .map((run) => ({ truckId: run.truckId, stops: run.stops.map((stop) => ({ ...stop })) })),
  };
}

export interface MeasuredRun {
  /** The load after each stop. */
  loads: RunLoad[];
  distanceKm: number;
  durationMinutes: number;
  /** Every reason the server would refuse these stops, as message keys. */
  problems: MessageKey[];
}

/**
 * A truck's stops weighed and measured. The distance and time are the proposal's, moved by what
 * the edit changes (measureStops on both): the planner's own figure includes the way from the
 * truck to its first stop, which the plan does not carry.
 */
export function measureRun(
  plan: RunPlan,
  truckId: string,
  stops: readonly RunStopRef[],
  ordersById: ReadonlyMap<string, RunPlanOrder>,
): MeasuredRun {
  const proposed = plan.runs.find((run) => run.truck.id === truckId);
  const capacity = capacityOf(proposed?.truck ?? { capacityKg: 0, capacityM3: null });
  const orderIds = new Set(stops.map((stop) => stop.orderId));
  const items = [...orderIds].flatMap((orderId) => {
    const order = ordersById.get(orderId);
    return order ? [loadItemOf(order)] : [];
  });
  const refs = [...stops];
  const problems = checkRunStops(refs, items, capacity);
  const before = measureStops(null, proposed?.stops ?? [], ordersById);
  const after = measureStops(null, stops, ordersById);
  const base = { distanceKm: proposed?.distanceKm ?? 0, minutes: proposed?.durationMinutes ?? 0 };
  return {
    loads: runLoadProfile(refs, items).slice(1),
    distanceKm:
      stops.length === 0
        ? 0
        : Math.max(
            0,
            Math.round((base.distanceKm + after.distanceKm - before.distanceKm) * 100) / 100,
          ),
    durationMinutes:
      stops.length === 0
        ? 0
        : Math.max(0, base.minutes + after.durationMinutes - before.durationMinutes),
    problems: describeRunProblems(problems, ordersById, capacity).map(keyOf),
  };
}
