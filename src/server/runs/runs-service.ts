import { toBusinessDate } from '#shared/business-calendar';
import type {
  AddRunOrders,
  CreateRun,
  RunDetail,
  RunListQuery,
  RunSummary,
} from '#shared/schemas/run-schemas';
import type { OfficeActor } from '../audit/office-actions';
import type { ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { isUuid } from '../db/uuid';
import { notFound } from '../http/errors';
import { officeActor, type OrderLifecycle } from '../orders/order-lifecycle';
import type { OrderStops } from '../planning/stop-ordering';
import type { PositionsService } from '../positions/positions-service';
import type { RunStopRef } from '#shared/run-loads';
import {
  findPlannedRunOfTruck,
  findRunSummary,
  listRunStopOrders,
  listRunStops,
  listRunSummaries,
} from './run-queries';
import { isTimed, toRunDetail, toRunSummary } from './run-view';

interface RunsServiceDeps {
  db: Database;
  clock: () => Date;
  lifecycle: OrderLifecycle;
  /** The solver's order for one truck's stops (src/server/planning/stop-ordering.ts). */
  orderStops: OrderStops;
  /** Where each run's truck was last seen, to time its stops. */
  positions: Pick<PositionsService, 'latestPositionOf'>;
}

/**
 * Runs (docs/decisions/0024-runs-and-planning.md): the office dispatches many orders onto one
 * truck's run, adds to a run that has not started, and follows runs to their end.
 */
export function createRunsService({
  db,
  clock,
  lifecycle,
  orderStops,
  positions,
}: RunsServiceDeps) {
  async function getRun(runId: string): Promise<RunDetail> {
    const summary = isUuid(runId) ? await findRunSummary(db, runId) : undefined;
    if (!summary) throw notFound('runs.not_found');
    const now = clock();
    const timed = isTimed(summary.run, toBusinessDate(now));
    const [stops, position] = await Promise.all([
      listRunStops(db, runId),
      // A position from before the run was dispatched says nothing of where its truck is.
      timed ? positions.latestPositionOf(summary.driver.id, summary.run.createdAt) : undefined,
    ]);
    const orders = await listRunStopOrders(db, [...new Set(stops.map((stop) => stop.orderId))]);
    const ordersById = new Map(orders.map((order) => [order.id, order]));
    const timing = timed ? { position: position ?? null, now } : undefined;
    return toRunDetail(summary, stops, ordersById, timing);
  }

  /** The stops a run not started keeps (dropped ones are gone from it). */
  async function keptStopsOf(runId: string): Promise<RunStopRef[]> {
    return (await listRunStops(db, runId))
      .filter((stop) => stop.outcome !== 'dropped')
      .map(({ orderId, kind }) => ({ orderId, kind }));
  }

  return {
    getRun,

    /**
     * Where the Confirmation's order goes on the truck's run not yet started: the solver's
     * cheapest place among its stops, as the dispatch suggestions measured it. Undefined when the
     * truck has no such run (a run of one) or the solver cannot place it (the dispatch says why).
     */
    async placeOnTruck(truckNumber: string, orderId: string): Promise<RunStopRef[] | undefined> {
      if (!isUuid(orderId)) return undefined;
      const planned = await findPlannedRunOfTruck(db, truckNumber);
      if (!planned) return undefined;
      return orderStops(planned.truckId, [orderId], await keptStopsOf(planned.runId));
    },

    /** All the orders onto the truck's new run in one transaction, or none (409 names why). */
    async createRun(input: CreateRun, office: OfficeActor): Promise<RunDetail> {
      const [dispatched] = await lifecycle.dispatchRuns(officeActor(office), [
        {
          truck: { id: input.truckId },
          orderIds: input.orderIds,
          runDate: input.date ?? toBusinessDate(clock()),
          into: 'new',
          stops: input.stops ?? (await orderStops(input.truckId, input.orderIds)),
        },
      ]);
      return getRun(dispatched!.run.id);
    },

    /** More orders onto a run that has not started, placed among the stops it keeps. */
    async addOrders(runId: string, input: AddRunOrders, office: OfficeActor): Promise<RunDetail> {
      const summary = isUuid(runId) ? await findRunSummary(db, runId) : undefined;
      if (!summary) throw notFound('runs.not_found');
      const kept = await keptStopsOf(runId);
      await lifecycle.dispatchRuns(officeActor(office), [
        {
          truck: { id: summary.truck.id },
          orderIds: input.orderIds,
          runDate: summary.run.runDate,
          into: { runId },
          stops: await orderStops(summary.truck.id, input.orderIds, kept),
        },
      ]);
      return getRun(runId);
    },

    async listRuns(
      query: RunListQuery,
      page: Page,
    ): Promise<{ items: RunSummary[]; total: ListTotal }> {
      const { rows, total } = await listRunSummaries(
        db,
        { status: query.status, date: query.date },
        page,
      );
      return { items: rows.map(toRunSummary), total };
    },
  };
}

export type RunsService = ReturnType<typeof createRunsService>;
