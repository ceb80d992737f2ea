/**
 * Runs and planning (docs/decisions/0024-runs-and-planning.md):
 *
 *   POST /api/admin/runs                      CreateRunSchema      → RunDetailSchema
 *   POST /api/admin/runs/:id/orders           AddRunOrdersSchema   → RunDetailSchema
 *   GET  /api/admin/runs                      RunListQuerySchema   → RunSummarySchema[] (+ export.csv)
 *   GET  /api/admin/runs/:id                                       → RunDetailSchema
 *   POST /api/admin/runs/plan                 PlanRunsSchema       → RunPlanSchema
 *   POST /api/admin/runs/plan/:id/confirm     ConfirmPlanSchema    → ConfirmedPlanSchema
 *   GET  /api/admin/orders/:id/suggestions                         → DispatchSuggestionListSchema
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import {
  MAX_PLAN_ORDERS,
  MAX_PLAN_TRUCKS,
  MAX_RUN_ORDERS,
  RUN_STATUSES,
  RUN_STOP_KINDS,
  RUN_STOP_OUTCOMES,
} from '../runs';
import { pagingShape, withPageCap } from './list-schemas';

const orderIdList = (max: number) =>
  z
    .array(z.uuid({ error: messageKey('runs.order_id_invalid') }), {
      error: messageKey('runs.orders_required'),
    })
    .min(1, messageKey('runs.orders_required'))
    .max(max, messageKey('runs.too_many_orders', { max }))
    .refine((ids) => new Set(ids).size === ids.length, messageKey('runs.order_repeated'));

export const RunStopRefSchema = z.object({
  orderId: z.uuid({ error: messageKey('runs.order_id_invalid') }),
  kind: z.enum(RUN_STOP_KINDS, { error: messageKey('runs.stop_kind_invalid') }),
});
export type RunStopRefInput = z.infer<typeof RunStopRefSchema>;

const stopList = z
  .array(RunStopRefSchema)
  .max(2 * MAX_RUN_ORDERS, messageKey('runs.too_many_orders', { max: MAX_RUN_ORDERS }));

const DaySchema = z.iso.date({ error: messageKey('runs.date_invalid') });

export const CreateRunSchema = z.object({
  truckId: z.uuid({ error: messageKey('runs.truck_id_invalid') }),
  orderIds: orderIdList(MAX_RUN_ORDERS),
  /** The stops in order; without them the solver orders them. */
  stops: stopList.optional(),
  /** The run's day (Morocco); today when absent. */
  date: DaySchema.optional(),
});
export type CreateRun = z.infer<typeof CreateRunSchema>;

export const AddRunOrdersSchema = z.object({ orderIds: orderIdList(MAX_RUN_ORDERS) });
export type AddRunOrders = z.infer<typeof AddRunOrdersSchema>;

export const RunListQuerySchema = withPageCap(
  z.object({
    ...pagingShape,
    status: z.enum(RUN_STATUSES, { error: messageKey('runs.status_invalid') }).optional(),
    date: DaySchema.optional(),
  }),
);
export type RunListQuery = z.infer<typeof RunListQuerySchema>;

export const RunLoadSchema = z.object({ kg: z.number(), m3: z.number() });

/** Where a stop is and how it went: what the office's run and the driver's run both show. */
export const RunStopPlaceSchema = z.object({
  /** 1 for the first stop of the run. */
  position: z.number().int(),
  orderId: z.uuid(),
  trackingNumber: z.string(),
  kind: z.enum(RUN_STOP_KINDS),
  city: z.string(),
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** Null while the stop is still to do; a failed (skipped) stop counts as done. */
  outcome: z.enum(RUN_STOP_OUTCOMES).nullable(),
  doneAt: z.iso.datetime().nullable(),
});
export type RunStopPlace = z.infer<typeof RunStopPlaceSchema>;

export const RunStopSchema = RunStopPlaceSchema.extend({
  /** The truck's load once this stop is done. */
  loadAfter: RunLoadSchema,
  /** Road km from the previous stop (from the start for the first). */
  legKm: z.number(),
  /**
   * When the truck should reach the stop, timed as the driver's phone times it: for a stop still
   * to do on a run started, or planned for today or before; else null.
   */
  etaAt: z.iso.datetime().nullable(),
});
export type RunStop = z.infer<typeof RunStopSchema>;

const RunTruckSchema = z.object({
  id: z.uuid(),
  truckNumber: z.string(),
  capacityKg: z.number(),
  capacityM3: z.number().nullable(),
});

export const RunSummarySchema = z.object({
  id: z.uuid(),
  truck: RunTruckSchema,
  driver: z.object({ id: z.uuid(), fullName: z.string() }),
  runDate: z.iso.date(),
  status: z.enum(RUN_STATUSES),
  distanceKm: z.number(),
  durationMinutes: z.number().int(),
  orderCount: z.number().int(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  startedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

export const RunDetailSchema = RunSummarySchema.extend({
  /** The load when the run starts (parcels already on board), then each stop's. */
  startLoad: RunLoadSchema,
  stops: z.array(RunStopSchema),
});
export type RunDetail = z.infer<typeof RunDetailSchema>;

export const PlanRunsSchema = z.object({
  orderIds: orderIdList(MAX_PLAN_ORDERS),
  /** The trucks to plan with; every available truck when absent. */
  truckIds: z
    .array(z.uuid({ error: messageKey('runs.truck_id_invalid') }))
    .min(1, messageKey('runs.trucks_required'))
    .max(MAX_PLAN_TRUCKS, messageKey('runs.too_many_trucks', { max: MAX_PLAN_TRUCKS }))
    .optional(),
  date: DaySchema,
});
export type PlanRuns = z.infer<typeof PlanRunsSchema>;

/** Why the planner left an order out. */
export const UNPLANNED_REASONS = ['too-heavy', 'too-large', 'no-room', 'not-pending'] as const;
export type UnplannedReason = (typeof UNPLANNED_REASONS)[number];

export const PlannedRunSchema = z.object({
  truck: RunTruckSchema,
  driver: z.object({ id: z.uuid(), fullName: z.string() }),
  stops: z.array(RunStopSchema.omit({ outcome: true, doneAt: true, etaAt: true })),
  startLoad: RunLoadSchema,
  distanceKm: z.number(),
  durationMinutes: z.number().int(),
});
export type PlannedRun = z.infer<typeof PlannedRunSchema>;

/**
 * What the plan editor needs of each planned order to weigh and measure an edited run with the
 * same rules as the server (#shared/run-stops).
 */
export const RunPlanOrderSchema = z.object({
  id: z.uuid(),
  trackingNumber: z.string(),
  pickupLoc: z.string(),
  deliveryLoc: z.string(),
  weightKg: z.number(),
  lengthCm: z.number(),
  widthCm: z.number(),
  heightCm: z.number(),
  quantity: z.number().int(),
  pickupLat: z.number(),
  pickupLng: z.number(),
  deliveryLat: z.number(),
  deliveryLng: z.number(),
  distanceKm: z.number(),
  durationMinutes: z.number().int(),
});
export type RunPlanOrder = z.infer<typeof RunPlanOrderSchema>;

export const RunPlanSchema = z.object({
  id: z.uuid(),
  date: z.iso.date(),
  runs: z.array(PlannedRunSchema),
  /** Every order of the plan, planned or not. */
  orders: z.array(RunPlanOrderSchema),
  unplanned: z.array(
    z.object({
      orderId: z.uuid(),
      trackingNumber: z.string(),
      reason: z.enum(UNPLANNED_REASONS),
      message: z.string(),
    }),
  ),
  distanceKm: z.number(),
});
export type RunPlan = z.infer<typeof RunPlanSchema>;

/** The proposal as confirmed, or the office's edit of it: each truck's stops in order. */
export const ConfirmPlanSchema = z.object({
  runs: z
    .array(
      z.object({
        truckId: z.uuid({ error: messageKey('runs.truck_id_invalid') }),
        stops: stopList,
      }),
    )
    .max(MAX_PLAN_TRUCKS, messageKey('runs.too_many_trucks', { max: MAX_PLAN_TRUCKS }))
    .optional(),
});
export type ConfirmPlan = z.infer<typeof ConfirmPlanSchema>;

export const ConfirmedPlanSchema = z.object({ runs: z.array(RunDetailSchema) });

/** What the plan's record keeps: the request, and the proposal as the office saw it. */
export type RunPlanRequestRecord = PlanRuns;
export interface RunPlanProposalRecord {
  runs: Array<{ truckId: string; stops: RunStopRefInput[] }>;
}

export const DispatchSuggestionSchema = z.object({
  truckId: z.uuid(),
  truckNumber: z.string(),
  driverId: z.uuid(),
  driverName: z.string(),
  /** Road km from the truck's last position (or its run's last stop) to the pickup. */
  distanceKm: z.number().nullable(),
  /** Km the order adds to the truck's run not yet started; null when the truck has none. */
  detourKm: z.number().nullable(),
  /** kg left once the order is on board, at the fullest point of the run. */
  capacityLeftKg: z.number(),
  /** m³ left at the run's fullest point by volume; null when the truck's volume is not limited. */
  capacityLeftM3: z.number().nullable(),
  runId: z.uuid().nullable(),
  /** Why it is offered, in the request's language. */
  reasons: z.array(z.string()),
});
export type DispatchSuggestion = z.infer<typeof DispatchSuggestionSchema>;
export const DispatchSuggestionListSchema = z.object({
  suggestions: z.array(DispatchSuggestionSchema),
});
