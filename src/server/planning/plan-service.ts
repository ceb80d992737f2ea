import type { FastifyBaseLogger } from 'fastify';
import { toBusinessDate } from '#shared/business-calendar';
import { findDispatchProblems } from '#shared/fleet-rules';
import { message, type Message } from '#shared/i18n/message-key';
import { measureStops } from '#shared/run-stops';
import type { RunStopRef } from '#shared/run-loads';
import type {
  ConfirmPlan,
  PlanRuns,
  PlannedRun,
  RunDetail,
  RunPlan,
  RunPlanOrder,
  UnplannedReason,
} from '#shared/schemas/run-schemas';
import type { OfficeActor } from '../audit/office-actions';
import type { Database } from '../db/open-database';
import { isUuid } from '../db/uuid';
import { badRequest, conflict, conflictOf, notFound } from '../http/errors';
import { officeActor, type OrderLifecycle } from '../orders/order-lifecycle';
import type { PositionsService } from '../positions/positions-service';
import type { DistanceMatrixLookup } from '../routing/distance-matrix';
import { toRunStops } from '../runs/run-view';
import type { RunsService } from '../runs/runs-service';
import {
  findRunPlan,
  insertRunPlan,
  listPlanOrders,
  listPlanTrucks,
  markRunPlanConfirmed,
  unconfirmRunPlan,
  type PlanOrderRow,
  type PlanTruckRow,
} from './plan-queries';
import { solveRoutes } from './solver/solve-routes';
import { buildSolverInput } from './solver-input';
import { PLAN_SEED, POSITION_FRESH_MS } from './stop-ordering';

interface PlanServiceDeps {
  db: Database;
  clock: () => Date;
  lifecycle: OrderLifecycle;
  runsService: RunsService;
  positionsService: PositionsService;
  distanceMatrix: DistanceMatrixLookup;
  timeLimitMs: number;
  log: FastifyBaseLogger;
}

const UNPLANNED_MESSAGES: Record<UnplannedReason, Message> = {
  'too-heavy': message('runs.unplanned_too_heavy'),
  'too-large': message('runs.unplanned_too_large'),
  'no-room': message('runs.unplanned_no_room'),
  'not-pending': message('runs.unplanned_not_pending'),
};

function toPlanOrder(order: PlanOrderRow): RunPlanOrder {
  return {
    id: order.id,
    trackingNumber: order.trackingNumber,
    pickupLoc: order.pickupLoc,
    deliveryLoc: order.deliveryLoc,
    weightKg: Number(order.weightKg),
    lengthCm: Number(order.lengthCm),
    widthCm: Number(order.widthCm),
    heightCm: Number(order.heightCm),
    quantity: order.quantity,
    pickupLat: order.pickupLat,
    pickupLng: order.pickupLng,
    deliveryLat: order.deliveryLat,
    deliveryLng: order.deliveryLng,
    distanceKm: Number(order.distanceKm),
    durationMinutes: order.durationMinutes,
  };
}

/**
 * Planning (docs/decisions/0024-runs-and-planning.md, "Planning"): the product's solver spreads
 * pending orders over trucks and orders their stops; nothing is dispatched until the office
 * confirms the proposal, as it is or edited, and every run is checked again then.
 */
export function createPlanService({
  db,
  clock,
  lifecycle,
  runsService,
  positionsService,
  distanceMatrix,
  timeLimitMs,
  log,
}: PlanServiceDeps) {
  /** The trucks a plan may use today; a truck asked for that may not is refused (409). */
  async function readPlanTrucks(truckIds: readonly string[] | undefined, today: string) {
    const rows = await listPlanTrucks(db, truckIds);
    if (truckIds && rows.length < new Set(truckIds).size) throw notFound('runs.truck_not_found');
    const usable: PlanTruckRow[] = [];
    for (const row of rows) {
      const problems: Message[] = findDispatchProblems(
        {
          truckNumber: row.truck.truckNumber,
          capacityKg: Number(row.truck.capacityKg),
          licenseExpire: row.driver.licenseExpire,
          technicalDate: row.truck.technicalDate,
        },
        0,
        today,
      ).map((problem) => problem.message);
      if (row.activeRunId) {
        problems.unshift(message('runs.truck_has_run', { truckNumber: row.truck.truckNumber }));
      }
      if (row.driver.deactivatedAt) {
        problems.unshift(
          message('runs.driver_deactivated', { truckNumber: row.truck.truckNumber }),
        );
      }
      const [first, ...others] = problems;
      if (!first) usable.push(row);
      else if (truckIds) throw conflictOf([first, ...others]);
    }
    if (usable.length === 0) throw conflict('runs.no_trucks');
    return usable;
  }

  /** Where each truck starts: its driver's latest position, when recent. */
  async function startsOf(rows: readonly PlanTruckRow[], now: Date) {
    const since = new Date(now.getTime() - POSITION_FRESH_MS);
    const positions = await positionsService.latestPositionsOf(
      rows.map((row) => row.driver.id),
      since,
    );
    return rows.map((row) => {
      const position = positions.get(row.driver.id);
      return position ? { lat: position.lat, lng: position.lng } : null;
    });
  }

  /** `render` writes a message in the request's language (the unplanned orders' reasons). */
  async function plan(
    input: PlanRuns,
    office: OfficeActor,
    render: (text: Message) => string,
  ): Promise<RunPlan> {
    const now = clock();
    const trucks = await readPlanTrucks(input.truckIds, toBusinessDate(now));
    const found = await listPlanOrders(db, input.orderIds);
    if (found.length < input.orderIds.length) {
      const known = new Set(found.map((order) => order.id));
      const missing = input.orderIds.find((orderId) => !known.has(orderId))!;
      throw notFound('runs.order_not_found', { orderId: missing });
    }
    const byId = new Map(found.map((order) => [order.id, order]));
    const ordered = input.orderIds.map((orderId) => byId.get(orderId)!);
    const pending = ordered.filter((order) => order.status === 'PENDING');

    const starts = await startsOf(trucks, now);
    const problem = await buildSolverInput(
      trucks.map((row, index) => ({
        id: row.truck.id,
        capacityKg: row.truck.capacityKg,
        capacityM3: row.truck.capacityM3,
        start: starts[index]!,
      })),
      pending,
      distanceMatrix,
    );
    const solved = solveRoutes({ ...problem, seed: PLAN_SEED, timeLimitMs });
    log.info(
      {
        orders: pending.length,
        trucks: trucks.length,
        iterations: solved.iterations,
        unassigned: solved.unassigned.length,
      },
      'runs planned',
    );

    // Every truck of the plan is in it, those given no order too: the office may move one there.
    const runs = solved.routes;
    const saved = await insertRunPlan(db, {
      planDate: input.date,
      request: input,
      proposal: { runs: runs.map(({ vehicleId, stops }) => ({ truckId: vehicleId, stops })) },
      createdBy: office.userId,
    });
    const trucksById = new Map(trucks.map((row) => [row.truck.id, row]));
    const unplanned = [
      ...ordered
        .filter((order) => order.status !== 'PENDING')
        .map((order) => ({ order, reason: 'not-pending' as const })),
      ...solved.unassigned.map(({ jobId, reason }) => ({ order: byId.get(jobId)!, reason })),
    ];
    const planned = runs.map((route) =>
      toPlannedRun(trucksById.get(route.vehicleId)!, route.stops, byId),
    );
    return {
      id: saved.id,
      date: input.date,
      runs: planned,
      orders: ordered.map(toPlanOrder),
      unplanned: unplanned.map(({ order, reason }) => ({
        orderId: order.id,
        trackingNumber: order.trackingNumber,
        reason,
        message: render(UNPLANNED_MESSAGES[reason]),
      })),
      distanceKm: planned.reduce((sum, run) => sum + run.distanceKm, 0),
    };
  }

  function toPlannedRun(
    row: PlanTruckRow,
    stops: RunStopRef[],
    ordersById: ReadonlyMap<string, PlanOrderRow>,
  ): PlannedRun {
    const shown = toRunStops(stops, ordersById);
    const measured = measureStops(null, stops, ordersById);
    return {
      truck: {
        id: row.truck.id,
        truckNumber: row.truck.truckNumber,
        capacityKg: Number(row.truck.capacityKg),
        capacityM3: row.truck.capacityM3 === null ? null : Number(row.truck.capacityM3),
      },
      driver: { id: row.driver.id, fullName: row.driver.fullName },
      startLoad: shown.startLoad,
      stops: shown.stops.map(({ outcome: _outcome, doneAt: _doneAt, ...stop }) => stop),
      distanceKm: measured.distanceKm,
      durationMinutes: measured.durationMinutes,
    };
  }

  /**
   * Dispatches the plan's runs, as proposed or as the office edited them, in one transaction:
   * each run is checked against its truck again, and all go or none.
   */
  async function confirm(
    planId: string,
    input: ConfirmPlan,
    office: OfficeActor,
  ): Promise<{ runs: RunDetail[] }> {
    const saved = isUuid(planId) ? await findRunPlan(db, planId) : undefined;
    if (!saved) throw notFound('runs.plan_not_found');
    const runs = (input.runs ?? saved.proposal.runs).filter((run) => run.stops.length > 0);
    const planTrucks = new Set(
      saved.request.truckIds ?? saved.proposal.runs.map((run) => run.truckId),
    );
    const planOrders = new Set(saved.request.orderIds);
    const seenTrucks = new Set<string>();
    for (const run of runs) {
      if (!planTrucks.has(run.truckId)) {
        throw badRequest('runs.plan_truck_unknown', {}, { runs: 'runs.plan_truck_unknown' });
      }
      if (seenTrucks.has(run.truckId)) {
        throw badRequest('runs.plan_truck_repeated', {}, { runs: 'runs.plan_truck_repeated' });
      }
      seenTrucks.add(run.truckId);
      if (run.stops.some((stop) => !planOrders.has(stop.orderId))) {
        throw badRequest('runs.plan_order_unknown', {}, { runs: 'runs.plan_order_unknown' });
      }
    }
    if (!(await markRunPlanConfirmed(db, saved.id, clock()))) throw conflict('runs.plan_confirmed');
    try {
      const dispatched = await lifecycle.dispatchRuns(
        officeActor(office),
        runs.map((run) => ({
          truck: { id: run.truckId },
          orderIds: [...new Set(run.stops.map((stop) => stop.orderId))],
          runDate: saved.planDate,
          into: 'new' as const,
          planId: saved.id,
          stops: run.stops,
        })),
      );
      return { runs: await Promise.all(dispatched.map(({ run }) => runsService.getRun(run.id))) };
    } catch (error) {
      // Nothing was dispatched: the office may edit the plan and confirm it again.
      await unconfirmRunPlan(db, saved.id);
      throw error;
    }
  }

  return { plan, confirm };
}

export type PlanService = ReturnType<typeof createPlanService>;
