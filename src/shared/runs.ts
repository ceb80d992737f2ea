/**
 * Runs (docs/decisions/0024-runs-and-planning.md): a truck, its driver, a day and an ordered list
 * of stops, each the pickup or the delivery of one of its orders.
 */

/** planned: dispatched, no stop done yet (orders may still be added); started; ended. */
export const RUN_STATUSES = ['planned', 'started', 'ended'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const RUN_STOP_KINDS = ['pickup', 'delivery'] as const;

/**
 * How a stop was done: done; failed (a failed delivery attempt: the driver goes on to the next
 * stop); dropped (its order left the run: cancelled, or sent back to its sender).
 */
export const RUN_STOP_OUTCOMES = ['done', 'failed', 'dropped'] as const;
export type RunStopOutcome = (typeof RUN_STOP_OUTCOMES)[number];

/** The most orders one run, or one plan, takes at once. */
export const MAX_RUN_ORDERS = 200;
export const MAX_PLAN_ORDERS = 500;
export const MAX_PLAN_TRUCKS = 50;
