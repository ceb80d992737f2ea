import type { FastifyBaseLogger } from 'fastify';
import { checkRunStops, type RunStopRef } from '#shared/run-loads';
import { toBusinessDate } from '#shared/business-calendar';
import { isRescheduleDay, returnFeeCentimes } from '#shared/delivery-attempts';
import { findDispatchProblems } from '#shared/fleet-rules';
import { formatMad } from '#shared/format';
import {
  cashOverCollectionCentimes,
  cashShortfallCentimes,
  centimesToMad,
  madToCentimes,
} from '#shared/money';
import {
  findTransitionRefusal,
  ORDER_LIFECYCLE,
  type OrderTransitionName,
  type OrderTransitionRule,
} from '#shared/order-lifecycle';
import { FINAL_ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import { message, type Message } from '#shared/i18n/message-key';
import { CancellationReasonSchema } from '#shared/schemas/admin-schemas';
import {
  FAILED_ATTEMPT_REASON_LABELS,
  type FailedAttemptReason,
  type Reattempt,
} from '#shared/schemas/returns-schemas';
import type { AuditAction } from '#shared/audit-actions';
import { recordOfficeAction, type AuditSummary, type OfficeActor } from '../audit/office-actions';
import type { Database } from '../db/open-database';
import { findUniqueViolationConstraint } from '../db/unique-violation';
import { isUuid } from '../db/uuid';
import { isDeliveryCodeLocked, type DeliveryCodes } from '../drivers/delivery-code';
import { recordDeliveryEntries, recordReturnFee } from '../ledger/delivery-entries';
import type { ReceiverTokens } from '../returns/receiver-tokens';
import { readBusinessSettings } from '../settings/business-settings-reads';
import { queueParcelWebhooks } from '../webhooks/webhook-queue';
import {
  publishOrderEvent,
  publishOrderEvents,
  type OrderEventNotice,
} from '../events/order-event-notice';
import {
  AppError,
  badRequest,
  conflict,
  conflictOf,
  forbidden,
  notFound,
  refusedWith,
} from '../http/errors';
import type { OrderNoticeFacts } from '../messages/order-notice-text';
import type { NotificationsService } from '../notifications/notifications-service';
import {
  lockTruckRun,
  readStandingStops,
  saveRun,
  settleOrderStops,
  type RunRow,
} from '../runs/run-lifecycle';
import {
  appendOrders,
  capacityOf,
  describeRunProblems,
  loadItemOf,
  measureStops,
  type RunMeasure,
  type RunOrderFacts,
} from '#shared/run-stops';
import {
  countDeliveryCodeFailure,
  insertDeliveryAttempt,
  insertOrderWithPayment,
  insertOrdersWithPayments,
  insertTrackingEvent,
  insertTrackingEvents,
  lockOrder,
  lockPayment,
  lockTruck,
  lockTruckById,
  markPaymentPaid,
  updateOrder,
  updateTruck,
  type OrderRow,
  type TruckForDispatch,
} from './order-lifecycle-queries';

export type { OrderRow } from './order-lifecycle-queries';

/**
 * Who makes a change; the driver's own orders are the only ones a driver can touch, and a
 * customer's organization's the only ones a customer can (docs/decisions/0014-organizations.md).
 * An admin's change is an office action: it carries the office actor its audit row names.
 */
export type OrderActor =
  | { kind: 'customer'; userId: string; organizationId: string }
  | { kind: 'admin'; userId: string; office: OfficeActor }
  | { kind: 'driver'; userId: string | null; driverId: string }
  | { kind: 'system'; userId: null }
  /** The receiver, through their link: the service found the order by its token. */
  | { kind: 'receiver'; userId: null };

/** The office as the lifecycle's actor: its changes are audited in its name. */
export const officeActor = (office: OfficeActor) =>
  ({ kind: 'admin', userId: office.userId, office }) as const;

const SYSTEM: OrderActor = { kind: 'system', userId: null };
const RECEIVER: OrderActor = { kind: 'receiver', userId: null };

/**
 * The audit action of each transition an admin makes (docs/decisions/0016-audit-trail.md); one
 * the table would give an admin without a name of its own is an `order.status_change`.
 */
const ADMIN_TRANSITION_ACTIONS: Partial<Record<OrderTransitionName, AuditAction>> = {
  dispatch: 'order.dispatch',
  deliver: 'order.deliver',
  cancel: 'order.cancel',
  startReturn: 'order.return',
  deliverReturn: 'order.return_delivered',
};

/**
 * What delivering needs (docs/decisions/0009-drivers.md, "Proof of delivery" and "Cash on
 * delivery"): a driver gives the receiver's code and, when the order has an amount to collect
 * (docs/decisions/0020-merchant-money.md), the cash collected (MAD); the office gives a reason,
 * required once wrong codes have locked the driver out.
 */
export interface DeliverInput {
  code?: string;
  cashCollected?: number;
  reason?: string;
}

/** A failed attempt as the driver reports it (docs/decisions/0023-failed-deliveries-and-returns.md). */
export interface FailedAttemptInputs {
  reason: FailedAttemptReason;
  note?: string;
  /** The day the receiver asked for (YYYY-MM-DD), within the next 7. */
  nextAttemptOn?: string;
}

/** Why a return starts, as its timeline and notices say it (the actor's own words kept). */
function returnReasonOf(actor: OrderActor, given: string | undefined): string {
  if (actor.kind === 'receiver') {
    return given ? `Refused by the receiver: ${given}` : 'Refused by the receiver';
  }
  if (actor.kind === 'customer')
    return given ? `Asked by the sender: ${given}` : 'Asked by the sender';
  return given ?? 'Return to sender';
}

export interface TransitionResult {
  order: OrderRow;
  /** The tracking event's sequence number (the live event's id). */
  seq: number;
}

/**
 * The database's own last line of defence against two runs on one truck
 * (docs/decisions/0024-runs-and-planning.md).
 */
const ONE_ACTIVE_RUN_PER_TRUCK = 'runs_one_active_per_truck';

/**
 * Orders onto one truck's run, in one transaction with the others of the same call
 * (docs/decisions/0024-runs-and-planning.md, "Dispatch").
 */
export interface RunDispatch {
  truck: { id: string } | { truckNumber: string };
  /** When given, it must be the truck's own driver (the Confirmation dialog names both). */
  driverId?: string;
  orderIds: readonly string[];
  /** The run's day (Morocco) when a new run is made. */
  runDate: string;
  /**
   * new: a run of its own (409 when the truck has one not ended); join: the truck's run that has
   * not started, or a new one; or that run's id, which must not have started.
   */
  into: 'new' | 'join' | { runId: string };
  planId?: string;
  /**
   * The whole run's stops in order, the new orders' among those it already has (the solver's
   * order, or the office's own); each new order's pickup then delivery after them when absent.
   * Checked against the truck either way.
   */
  stops?: readonly RunStopRef[];
}

export interface DispatchedRun {
  run: RunRow;
  results: TransitionResult[];
}

/**
 * Another driver's order is as unknown to a driver as a missing one, and another organization's
 * to a customer.
 */
function isVisibleTo(order: OrderRow, actor: OrderActor): boolean {
  if (actor.kind === 'driver') return order.driverId === actor.driverId;
  if (actor.kind === 'customer') return order.organizationId === actor.organizationId;
  return true;
}

/** Why a status change is refused, as the back office's toasts show it. */
export function explainRefusedTransition(from: OrderStatus, to: OrderStatus): Message {
  if (FINAL_ORDER_STATUSES.includes(from)) {
    return message('order.status_final', { status: from });
  }
  if (from === to) return message('order.status_unchanged', { status: from });
  return message('order.transition_refused', { from, to });
}

function explainRefusal(name: OrderTransitionName, from: OrderStatus): Message {
  if (name === 'reattempt') return message('returns.reattempt_refused');
  if (name === 'reschedule' || name === 'addInstructions') {
    return message('returns.receiver_too_late');
  }
  if (name === 'deliverReturn') return message('returns.not_returning');
  if (!FINAL_ORDER_STATUSES.includes(from)) {
    if (name === 'pickUp') return message('order.pickup_not_on_road');
    if (name === 'failDelivery') return message('order.failed_attempt_not_on_road');
    if (name === 'startReturn') return message('returns.return_not_on_road');
  }
  return explainRefusedTransition(from, ORDER_LIFECYCLE[name].to);
}

/** What one transition changed, for its tracking event and the notices it sends. */
interface StepOutcome {
  order: OrderRow;
  location: string | null;
  note: string;
  facts?: Partial<OrderNoticeFacts>;
  /** What the audit row of an admin's change adds to the status it led to. */
  audited?: AuditSummary;
  /**
   * A transition the step leads to in the same transaction, as its own step with its own event:
   * a refusal or the last failed attempt starts the return (its result is then the answer); a
   * delivered exchange starts the old parcel's return (the delivery stays the answer).
   */
  then?: FollowUp;
}

interface FollowUp {
  name: OrderTransitionName;
  /** The order it applies to, locked by the step; the step's own order when absent. */
  order?: OrderRow;
  step: Step;
  /** Whose result the caller gets: the follow-up's, or the step's own. */
  answer: 'follow-up' | 'original';
}

/**
 * A refusal that keeps the step's own writes: a wrong delivery code is counted (committed) while
 * the delivery itself changes nothing. Every other refusal is thrown and rolls everything back.
 */
class KeptRefusal {
  constructor(readonly error: AppError) {}
}

type Step = (tx: Database, order: OrderRow, now: Date) => Promise<StepOutcome | KeptRefusal>;

interface OrderLifecycleDeps {
  db: Database;
  clock: () => Date;
  notificationsService: NotificationsService;
  deliveryCodes: DeliveryCodes;
  log: FastifyBaseLogger;
  /** The absolute links the parcels of webhooks carry (their label). */
  publicUrl: string;
  receiverTokens: ReceiverTokens;
}

/** The delivery's tracking note says what the driver collected and flags a gap either way. */
function describeCashCollected(collectedCentimes: number, dueCentimes: number): string {
  const collected = formatMad(centimesToMad(collectedCentimes));
  const over = cashOverCollectionCentimes(dueCentimes, collectedCentimes);
  if (over !== null) {
    const due = formatMad(centimesToMad(dueCentimes));
    return `Cash collected ${collected} of ${due} (over ${formatMad(centimesToMad(over))})`;
  }
  const shortfall = cashShortfallCentimes(dueCentimes, collectedCentimes);
  if (shortfall === null) return `Cash collected ${collected}`;
  const due = formatMad(centimesToMad(dueCentimes));
  return `Cash collected ${collected} of ${due} (short ${formatMad(centimesToMad(shortfall))})`;
}

/**
 * What the order's payment (its price) is paid at on delivery. Only when the receiver pays the fee
 * does the driver's cash pay it: the goods' value is the merchant's, credited in full to their
 * ledger, so cash collected short is short on the fee first, never below 0 nor above the price
 * (cash taken above the amount to collect is the driver's to hand in, flagged as over-collection,
 * never revenue). A fee the sender pays is settled by their ledger's delivery_fee row, and an
 * online one was paid before: either is paid at the price (undefined keeps the stored amount).
 */
function paidAtDelivery(
  order: Pick<OrderRow, 'feePaidBy' | 'codAmountCentimes' | 'priceCentimes'>,
  collectedCentimes: number | undefined,
): number | undefined {
  if (order.feePaidBy !== 'receiver' || collectedCentimes === undefined) return undefined;
  return Math.min(Math.max(collectedCentimes - order.codAmountCentimes, 0), order.priceCentimes);
}

/** The live event of an order's step (docs/architecture.md, "Live updates"). */
function orderEventNotice(
  order: OrderRow,
  seq: number,
  rule: OrderTransitionRule,
  now: Date,
): OrderEventNotice {
  return {
    seq,
    orderId: order.id,
    organizationId: order.organizationId,
    driverId: order.driverId,
    trackingNumber: order.trackingNumber,
    status: order.status,
    kind: rule.kind,
    at: now.toISOString(),
  };
}

/**
 * Whether a step tells the organization (in-app notices, the creator's mail, the receiver's SMS).
 * A parcel an API key or an import made is not announced when placed: the shop or the import
 * screen that made it already knows, and a hundred parcels must not mean a hundred mails
 * (docs/decisions/0021-shippers-api.md). Its later steps are announced like any order's.
 */
function isAnnounced(order: OrderRow, kind: OrderTransitionRule['kind']): boolean {
  return kind !== 'placed' || (order.apiKeyId === null && order.importId === null);
}

/**
 * The one order lifecycle (docs/architecture.md, "The order lifecycle"). Every status change of
 * every role goes through here and, in one transaction: checks the transition against the shared
 * table (src/shared/order-lifecycle.ts), writes the order, its tracking event, the customer's
 * in-app notification, the outgoing messages and webhooks, and publishes the live event, which is
 * delivered when, and only if, the transaction commits.
 */
export function createOrderLifecycle({
  db,
  clock,
  notificationsService,
  deliveryCodes,
  log,
  publicUrl,
  receiverTokens,
}: OrderLifecycleDeps) {
  async function record(
    tx: Database,
    rule: OrderTransitionRule,
    outcome: StepOutcome,
    actor: OrderActor,
    now: Date,
  ): Promise<TransitionResult> {
    const { order } = outcome;
    const seq = await insertTrackingEvent(tx, {
      orderId: order.id,
      kind: rule.kind,
      status: order.status,
      location: outcome.location,
      note: outcome.note,
      actorUserId: actor.userId,
      createdAt: now,
    });
    if (isAnnounced(order, rule.kind)) {
      await notificationsService.recordOrderChange(tx, order, rule.kind, {
        trackingNumber: order.trackingNumber,
        pickupLoc: order.pickupLoc,
        deliveryLoc: order.deliveryLoc,
        ...outcome.facts,
      });
    }
    await queueParcelWebhooks(tx, [order], rule.kind, now, publicUrl);
    await publishOrderEvent(tx, orderEventNotice(order, seq, rule, now));
    return { order, seq };
  }

  /**
   * record() for many new orders in a few statements (placeMany): each order still gets its
   * tracking event, notices, webhooks and live event, in the transaction that made it.
   */
  async function recordPlacements(
    tx: Database,
    rule: OrderTransitionRule,
    created: readonly OrderRow[],
    actor: OrderActor,
    now: Date,
  ): Promise<TransitionResult[]> {
    const seqs = await insertTrackingEvents(
      tx,
      created.map((order) => ({
        orderId: order.id,
        kind: rule.kind,
        status: order.status,
        location: order.pickupLoc,
        note: 'Order received',
        actorUserId: actor.userId,
        createdAt: now,
      })),
    );
    // Parcels of a key or an import are not announced when placed; any other order still is.
    for (const order of created.filter((one) => isAnnounced(one, rule.kind))) {
      await notificationsService.recordOrderChange(tx, order, rule.kind, {
        trackingNumber: order.trackingNumber,
        pickupLoc: order.pickupLoc,
        deliveryLoc: order.deliveryLoc,
      });
    }
    await queueParcelWebhooks(tx, created, rule.kind, now, publicUrl);
    await publishOrderEvents(
      tx,
      created.map((order, index) => orderEventNotice(order, seqs[index]!, rule, now)),
    );
    return created.map((order, index) => ({ order, seq: seqs[index]! }));
  }

  /** What a transaction applied, logged once it commits. */
  interface Applied {
    orderId: string;
    transition: OrderTransitionName;
    from: OrderStatus;
    to: OrderStatus;
    actor: OrderActor;
  }

  /**
   * One transition on a locked order, inside the caller's transaction: the table's check, the
   * step, its tracking event and notices, the office's audit row, then any follow-up.
   */
  async function applyStep(
    tx: Database,
    name: OrderTransitionName,
    order: OrderRow,
    actor: OrderActor,
    step: Step,
    now: Date,
    applied: Applied[],
  ): Promise<TransitionResult | KeptRefusal> {
    const rule: OrderTransitionRule = ORDER_LIFECYCLE[name];
    const refusal = findTransitionRefusal(name, order.status, actor.kind);
    if (refusal === 'actor') throw forbidden();
    if (refusal === 'status') throw conflictOf([explainRefusal(name, order.status)]);
    const outcome = await step(tx, order, now);
    if (outcome instanceof KeptRefusal) return outcome;
    const recorded = await record(tx, rule, outcome, actor, now);
    if (actor.kind === 'admin') {
      await recordOfficeAction(tx, {
        actor: actor.office,
        action: ADMIN_TRANSITION_ACTIONS[name] ?? 'order.status_change',
        record: { type: 'order', id: order.id },
        before: { status: order.status },
        after: { status: outcome.order.status, ...outcome.audited },
      });
    }
    applied.push({ orderId: order.id, transition: name, from: order.status, to: rule.to, actor });
    const { then } = outcome;
    if (!then) return recorded;
    const followed = await applyStep(
      tx,
      then.name,
      then.order ?? recorded.order,
      SYSTEM,
      then.step,
      now,
      applied,
    );
    return then.answer === 'follow-up' ? followed : recorded;
  }

  async function transition(
    name: OrderTransitionName,
    orderId: string,
    actor: OrderActor,
    step: Step,
  ): Promise<TransitionResult> {
    if (!isUuid(orderId)) throw notFound('order.not_found');
    const now = clock();
    const applied: Applied[] = [];
    const result = await db.transaction(async (tx) => {
      applied.length = 0;
      const order = await lockOrder(tx, orderId);
      if (!order || !isVisibleTo(order, actor)) throw notFound('order.not_found');
      return applyStep(tx, name, order, actor, step, now, applied);
    });
    if (result instanceof KeptRefusal) throw result.error;
    for (const change of applied) {
      log.info(
        {
          orderId: change.orderId,
          transition: change.transition,
          from: change.from,
          to: change.to,
          actor: change.actor.kind,
          userId: change.actor.userId,
        },
        'order status changed',
      );
    }
    return result;
  }

  /** The receiver's link of an order dispatched with one (docs/decisions/0023). */
  function receiverLinkOf(order: Pick<OrderRow, 'id' | 'receiverTokenNonce'>) {
    const nonce = order.receiverTokenNonce;
    return nonce ? receiverTokens.linkFor(receiverTokens.tokenFor(order.id, nonce)) : undefined;
  }

  /** The day another attempt is set for must be one of the next 7, else a field error. */
  function checkRescheduleDay(day: string, now: Date, field: 'on' | 'nextAttemptOn') {
    if (!isRescheduleDay(day, toBusinessDate(now))) {
      throw badRequest('returns.day_invalid', {}, { [field]: 'returns.day_invalid' });
    }
  }

  /**
   * A failed attempt (docs/decisions/0023-failed-deliveries-and-returns.md): kept as a row of its
   * own, counted on the order, and followed, in the same transaction, by the return when the
   * receiver refused or no attempt is left. Otherwise the parcel stays on the road, waiting for a
   * day (the receiver's, given to the driver) or for the merchant's decision, and the receiver
   * gets their link by SMS.
   */
  function failDeliveryStep(actor: OrderActor, input: FailedAttemptInputs): Step {
    return async (tx, order, now) => {
      const nextAttemptOn = input.reason === 'refused' ? undefined : input.nextAttemptOn;
      if (nextAttemptOn) checkRescheduleDay(nextAttemptOn, now, 'nextAttemptOn');
      const { maxDeliveryAttempts } = await readBusinessSettings(tx);
      const attempt = order.failedAttempts + 1;
      const returns = input.reason === 'refused' || attempt >= maxDeliveryAttempts;
      await insertDeliveryAttempt(tx, {
        orderId: order.id,
        attempt,
        reason: input.reason,
        note: input.note ?? null,
        nextAttemptOn: nextAttemptOn ?? null,
        driverId: actor.kind === 'driver' ? actor.driverId : null,
        createdAt: now,
      });
      // The driver goes on to the run's next stop; the parcel stays with them.
      await settleOrderStops(tx, order, ['pickup', 'delivery'], 'failed', now);
      const updated = await updateOrder(tx, order.id, {
        failedAttempts: attempt,
        nextAttemptOn: returns ? null : (nextAttemptOn ?? null),
        awaitingDecisionSince: returns || nextAttemptOn ? null : now,
        updatedAt: now,
      });
      const reason = FAILED_ATTEMPT_REASON_LABELS[input.reason];
      const returnReason =
        input.reason === 'refused'
          ? 'Refused by the receiver'
          : `No delivery attempt left (${attempt} failed)`;
      return {
        order: updated,
        location: order.deliveryLoc,
        note: input.note ? `${reason}: ${input.note}` : reason,
        facts: {
          reason,
          ...(nextAttemptOn && { nextAttemptOn }),
          ...(!returns && { receiverLink: receiverLinkOf(order) }),
        },
        ...(returns && {
          then: {
            name: 'startReturn',
            step: startReturnStep(SYSTEM, returnReason),
            answer: 'follow-up',
          },
        }),
      };
    };
  }

  /**
   * The parcel goes back to its sender: nothing is collected any more, and the order gets a new
   * nonce, whose code is now the sender's return code (sent by mail, shown in the app). It leaves
   * its run (stops not done are dropped); its driver brings it back. A merchant may only decide
   * after a failed attempt.
   */
  function startReturnStep(actor: OrderActor, reason: string): Step {
    return async (tx, order, now) => {
      if (actor.kind === 'customer' && order.failedAttempts === 0) {
        throw conflict('returns.no_failed_attempt');
      }
      const nonce = deliveryCodes.newNonce();
      await settleOrderStops(tx, order, ['pickup', 'delivery'], 'dropped', now);
      const updated = await updateOrder(tx, order.id, {
        status: 'RETURNING',
        deliveryCodeNonce: nonce,
        deliveryCodeFailures: 0,
        returnStartedAt: now,
        returnReason: reason,
        awaitingDecisionSince: null,
        nextAttemptOn: null,
        updatedAt: now,
      });
      return {
        order: updated,
        location: order.deliveryLoc,
        note: `Return to sender: ${reason}`,
        facts: { reason, returnCode: deliveryCodes.codeFor(order.id, nonce) },
        audited: { reason },
      };
    };
  }

  /**
   * An exchange's new parcel is delivered: its driver takes the old one back on the same truck,
   * and the old order's return starts with its own return code.
   */
  function returnExchangedStep(exchange: OrderRow): Step {
    return async (tx, order, now) => {
      const nonce = deliveryCodes.newNonce();
      const reason = `Exchanged for ${exchange.trackingNumber}`;
      const updated = await updateOrder(tx, order.id, {
        status: 'RETURNING',
        truckId: exchange.truckId,
        driverId: exchange.driverId,
        deliveryCodeNonce: nonce,
        deliveryCodeFailures: 0,
        returnStartedAt: now,
        returnReason: reason,
        updatedAt: now,
      });
      return {
        order: updated,
        location: exchange.deliveryLoc,
        note: `Return to sender: ${reason}`,
        facts: { reason, returnCode: deliveryCodes.codeFor(order.id, nonce) },
      };
    };
  }

  /**
   * The sender has the parcel back: the driver proves it with the return code (a wrong one is
   * counted like a wrong delivery code, and CODE_MAX_ATTEMPTS lock the driver out); the office
   * records it with a reason. The return fee is written in the same transaction. A return is
   * not a stop of a run: the driver brings it back whenever the run allows.
   */
  function deliverReturnStep(actor: OrderActor, input: { code?: string; reason?: string }): Step {
    return async (tx, order, now) => {
      let note = 'Returned to the sender';
      if (actor.kind === 'driver') {
        const nonce = order.deliveryCodeNonce;
        if (isDeliveryCodeLocked(order) || !nonce) {
          throw refusedWith(423, 'returns.return_code_locked');
        }
        if (!deliveryCodes.verify(order.id, nonce, input.code ?? '')) {
          const failures = await countDeliveryCodeFailure(tx, order.id);
          log.warn({ orderId: order.id, driverId: actor.driverId, failures }, 'wrong return code');
          return new KeptRefusal(
            badRequest('returns.return_code_wrong', {}, { code: 'returns.return_code_wrong' }),
          );
        }
      } else if (input.reason) {
        note = `Return recorded by the office: ${input.reason}`;
      }
      const updated = await updateOrder(tx, order.id, {
        status: 'RETURNED',
        returnedAt: now,
        updatedAt: now,
      });
      const { returnFeePercent } = await readBusinessSettings(tx);
      await recordReturnFee(
        tx,
        order,
        returnFeeCentimes(order.priceCentimes, returnFeePercent),
        now,
      );
      return {
        order: updated,
        location: order.pickupLoc,
        note,
        facts: { deliveredAt: now.toISOString() },
        audited: input.reason ? { reason: input.reason } : undefined,
      };
    };
  }

  /** The truck (locked) by id or plate, with every check that does not depend on the order. */
  async function lockDispatchTruck(tx: Database, input: RunDispatch): Promise<TruckForDispatch> {
    const found =
      'id' in input.truck
        ? await lockTruckById(tx, input.truck.id)
        : await lockTruck(tx, input.truck.truckNumber);
    if (!found) {
      if ('id' in input.truck) throw notFound('runs.truck_not_found');
      throw badRequest(
        'dispatch.truck_not_found',
        { truckNumber: input.truck.truckNumber },
        { truckNumber: 'dispatch.truck_unknown' },
      );
    }
    const { truck, driver } = found;
    if (driver.deactivatedAt) throw conflict('dispatch.driver_deactivated');
    if (input.driverId !== undefined && truck.driverId !== input.driverId.toLowerCase()) {
      throw badRequest(
        'dispatch.driver_not_of_truck',
        {},
        { driverId: 'dispatch.driver_not_of_truck' },
      );
    }
    return found;
  }

  /**
   * The run the orders go on: the truck's that has not started, or a new one. A truck whose run
   * has started takes no more orders until it ends.
   */
  async function findRunToJoin(
    tx: Database,
    input: RunDispatch,
    truck: TruckForDispatch['truck'],
  ): Promise<RunRow | undefined> {
    const active = await lockTruckRun(tx, truck.id);
    if (typeof input.into === 'object') {
      if (!active || active.id !== input.into.runId) throw notFound('runs.not_found');
      if (active.status !== 'planned') throw conflict('runs.already_started');
      return active;
    }
    if (!active) return undefined;
    if (input.into === 'new' || active.status !== 'planned') {
      // The Confirmation's own words for a busy truck; the runs API's for one that has a run.
      if (input.into === 'join') {
        throw conflict('dispatch.truck_busy', { truckNumber: truck.truckNumber });
      }
      throw conflict('runs.truck_has_run', { truckNumber: truck.truckNumber });
    }
    return active;
  }

  /** One order of a run that cannot go: 409 naming it, then why. */
  function refusedOrder(order: OrderRow, error: unknown): unknown {
    if (!(error instanceof AppError) || error.statusCode >= 500) return error;
    return new AppError(
      409,
      [
        message('runs.order_cannot_go', { trackingNumber: order.trackingNumber }),
        ...error.messages,
      ],
      error.fieldErrors,
    );
  }

  /** One truck's run and its orders' dispatches, inside the caller's transaction. */
  async function dispatchOntoRun(
    tx: Database,
    actor: OrderActor,
    input: RunDispatch,
    now: Date,
    applied: Applied[],
  ): Promise<DispatchedRun> {
    const found = await lockDispatchTruck(tx, input);
    const { truck } = found;
    const joined = await findRunToJoin(tx, input, truck);
    // Orders are locked in one order (their ids) so that two runs never wait on each other.
    const locked = new Map<string, OrderRow>();
    for (const orderId of [...input.orderIds].sort()) {
      const order = isUuid(orderId) ? await lockOrder(tx, orderId) : undefined;
      if (!order || !isVisibleTo(order, actor)) {
        // The Confirmation's one order keeps its own words; a run names the one it misses.
        throw input.into === 'join'
          ? notFound('order.not_found')
          : notFound('runs.order_not_found', { orderId });
      }
      locked.set(orderId, order);
    }
    const orders = input.orderIds.map((orderId) => locked.get(orderId)!);
    const day = toBusinessDate(now);
    // The Confirmation's one order keeps the dispatch's own refusals; a run's name the order.
    const refused = (order: OrderRow, error: unknown) =>
      input.into === 'join' ? error : refusedOrder(order, error);
    for (const order of orders) {
      const refusal = findTransitionRefusal('dispatch', order.status, actor.kind);
      if (refusal === 'actor') throw forbidden();
      const problems = findDispatchProblems(
        {
          truckNumber: truck.truckNumber,
          capacityKg: Number(truck.capacityKg),
          licenseExpire: found.driver.licenseExpire,
          technicalDate: truck.technicalDate,
        },
        Number(order.weightKg),
        day,
      ).map((problem) => problem.message);
      if (refusal === 'status') problems.unshift(explainRefusal('dispatch', order.status));
      const [first, ...others] = problems;
      if (first) throw refused(order, conflictOf([first, ...others]));
    }
    const arranged = await arrangeRun(tx, input, found, joined, orders);
    const run = await saveRun(
      tx,
      joined,
      {
        truckId: truck.id,
        driverId: truck.driverId,
        runDate: input.runDate,
        status: 'planned',
        distanceKm: String(arranged.distanceKm),
        durationMinutes: arranged.durationMinutes,
        planId: input.planId ?? null,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      },
      arranged.stops,
    );
    if (truck.status !== 'ON_DELIVERY') {
      await updateTruck(tx, truck.id, { status: 'ON_DELIVERY', updatedAt: now });
    }
    const results: TransitionResult[] = [];
    for (const order of orders) {
      const minutes = arranged.deliveryMinutes.get(order.id) ?? order.durationMinutes;
      const step = dispatchStep(found, run, new Date(now.getTime() + minutes * 60_000));
      try {
        const result = await applyStep(tx, 'dispatch', order, actor, step, now, applied);
        if (result instanceof KeptRefusal) throw result.error;
        results.push(result);
      } catch (error) {
        throw refused(order, error);
      }
    }
    return { run, results };
  }

  /**
   * The run's stops with the new orders (those it keeps, then the new ones'), checked against the
   * truck's capacity at every stop, and measured.
   */
  async function arrangeRun(
    tx: Database,
    input: RunDispatch,
    { truck }: TruckForDispatch,
    joined: RunRow | undefined,
    orders: OrderRow[],
  ): Promise<RunMeasure & { stops: RunStopRef[] }> {
    const kept = joined ? await readStandingStops(tx, joined.id) : { stops: [], orders: [] };
    const ordersById = new Map<string, RunOrderFacts>(
      [...kept.orders, ...orders].map((order) => [order.id, order]),
    );
    // The Confirmation's stops were read before its lock: a run changed since gets the order
    // after its stops instead.
    const expected = new Set(
      [...kept.stops.map((stop) => stop.orderId), ...orders.map((order) => order.id)].flatMap(
        (orderId) => [`${orderId}:pickup`, `${orderId}:delivery`],
      ),
    );
    const given = input.stops?.map((stop) => `${stop.orderId}:${stop.kind}`);
    const usable =
      input.into !== 'join' ||
      (given?.length === expected.size && given.every((key) => expected.has(key)));
    const stops =
      input.stops && usable
        ? [...input.stops]
        : appendOrders(
            kept.stops,
            orders.map((order) => order.id),
          );
    const capacity = capacityOf(truck);
    const problems = checkRunStops(stops, [...ordersById.values()].map(loadItemOf), capacity);
    const [first, ...others] = describeRunProblems(problems, ordersById, capacity);
    if (first) throw conflictOf([first, ...others]);
    return { ...measureStops(null, stops, ordersById), stops };
  }

  /** PENDING → IN_TRANSIT on the truck's run, with its own driver, a new code and link. */
  function dispatchStep(found: TruckForDispatch, run: RunRow, estimatedDelivery: Date): Step {
    return async (tx, order, now) => {
      const { truck, driver } = found;
      // Each dispatch makes a new delivery code, sent to the receiver, never stored, and a new
      // receiver's link, of which only the token's hash is kept.
      const deliveryCodeNonce = deliveryCodes.newNonce();
      const receiverTokenNonce = receiverTokens.newNonce();
      const receiverToken = receiverTokens.tokenFor(order.id, receiverTokenNonce);
      const updated = await updateOrder(tx, order.id, {
        status: 'IN_TRANSIT',
        truckId: truck.id,
        driverId: truck.driverId,
        runId: run.id,
        exitDate: now,
        estimatedDelivery,
        deliveryCodeNonce,
        deliveryCodeFailures: 0,
        receiverTokenNonce,
        receiverTokenHash: receiverTokens.hashOf(receiverToken),
        updatedAt: now,
      });
      return {
        order: updated,
        location: order.pickupLoc,
        note: `On the road with truck ${truck.truckNumber} (driver ${driver.fullName})`,
        facts: {
          truckNumber: truck.truckNumber,
          estimatedDelivery: estimatedDelivery.toISOString(),
          deliveryCode: deliveryCodes.codeFor(order.id, deliveryCodeNonce),
          receiverLink: receiverTokens.linkFor(receiverToken),
          ...(order.amountToCollectCentimes > 0 && {
            amountToPay: String(centimesToMad(order.amountToCollectCentimes)),
          }),
        },
        audited: { truckNumber: truck.truckNumber, driverId: truck.driverId, runId: run.id },
      };
    };
  }

  /**
   * The hand-over (docs/decisions/0009-drivers.md, "Proof of delivery"): the driver proves it
   * with the receiver's code, which they may get wrong CODE_MAX_ATTEMPTS times; after that only
   * the office delivers, with a reason. The driver collects the order's amount to collect (the
   * goods' value, plus the price when the receiver pays it) and is held to it; the delivery
   * writes the order's rows in its organization's ledger (docs/decisions/0020-merchant-money.md).
   */
  function deliverStep(actor: OrderActor, input: DeliverInput): Step {
    return async (tx, order, now) => {
      const payment = await lockPayment(tx, order.id);
      const paymentMethod = payment?.method ?? 'cash_on_delivery';
      const dueCentimes = order.amountToCollectCentimes;
      const collects = dueCentimes > 0;
      let collectedCentimes: number | undefined;
      let note: string;
      let audited: AuditSummary | undefined;
      if (actor.kind === 'driver') {
        // An order dispatched before delivery codes existed has none to give: the office delivers.
        const nonce = order.deliveryCodeNonce;
        if (isDeliveryCodeLocked(order) || !nonce) {
          throw refusedWith(423, 'driver.delivery_code_locked');
        }
        if (collects && input.cashCollected === undefined) {
          throw badRequest('driver.cash_required', {}, { cashCollected: 'driver.cash_required' });
        }
        const code = input.code ?? '';
        if (!deliveryCodes.verify(order.id, nonce, code)) {
          const failures = await countDeliveryCodeFailure(tx, order.id);
          log.warn(
            { orderId: order.id, driverId: actor.driverId, failures },
            'wrong delivery code',
          );
          return new KeptRefusal(
            badRequest('driver.delivery_code_wrong', {}, { code: 'driver.delivery_code_wrong' }),
          );
        }
        collectedCentimes = collects ? madToCentimes(input.cashCollected!) : undefined;
        note =
          collectedCentimes === undefined
            ? 'Delivered'
            : `Delivered. ${describeCashCollected(collectedCentimes, dueCentimes)}`;
      } else {
        const reason = input.reason?.trim();
        if (isDeliveryCodeLocked(order) && !reason) {
          throw badRequest(
            'driver.office_reason_required',
            {},
            { reason: 'driver.office_reason_required' },
          );
        }
        // The office stands in for the hand-over; the driver is held to the amount to collect.
        collectedCentimes = collects ? dueCentimes : undefined;
        note = reason ? `Delivered by the office: ${reason}` : 'Delivered';
        audited = reason ? { reason } : undefined;
      }
      const exchanged = order.exchangeOf ? await lockOrder(tx, order.exchangeOf) : undefined;
      const takesBack = exchanged?.status === 'DELIVERED';
      await settleOrderStops(tx, order, ['pickup', 'delivery'], 'done', now);
      const updated = await updateOrder(tx, order.id, {
        status: 'DELIVERED',
        deliveryDate: now,
        // A delivered parcel waits for nobody's decision any more.
        awaitingDecisionSince: null,
        ...(collectedCentimes !== undefined && { cashCollectedCentimes: collectedCentimes }),
        updatedAt: now,
      });
      await markPaymentPaid(tx, order.id, now, paidAtDelivery(order, collectedCentimes));
      await recordDeliveryEntries(
        tx,
        { ...updated, paymentMethod },
        await readBusinessSettings(tx),
        now,
      );
      return {
        order: updated,
        location: order.deliveryLoc,
        note,
        facts: { deliveredAt: now.toISOString() },
        audited,
        ...(takesBack && {
          then: {
            name: 'returnExchanged',
            order: exchanged,
            step: returnExchangedStep(updated),
            answer: 'original',
          },
        }),
      };
    };
  }

  /**
   * docs/product.md, decision 15: a pending order needs a reason; one on the road may omit it.
   * It leaves its run, whose truck is free again when nothing else is left on it.
   */
  function cancelStep(input: { reason?: string | null }): Step {
    return async (tx, order, now) => {
      const reason = input.reason ?? null;
      if (order.status === 'PENDING' && !CancellationReasonSchema.safeParse(reason).success) {
        throw badRequest(
          'order.cancellation_reason_required',
          {},
          { reason: 'order.cancellation_reason_required' },
        );
      }
      await settleOrderStops(tx, order, ['pickup', 'delivery'], 'dropped', now);
      return {
        order: await updateOrder(tx, order.id, {
          status: 'CANCELLED',
          cancelReason: reason,
          awaitingDecisionSince: null,
          updatedAt: now,
        }),
        location: order.pickupLoc,
        note: reason ?? 'Cancelled',
        facts: reason ? { reason } : {},
        audited: reason ? { reason } : undefined,
      };
    };
  }

  /**
   * Runs dispatched together, all or none (docs/decisions/0024-runs-and-planning.md): every
   * order through the lifecycle's dispatch, with its event, notices and webhooks. An order that
   * cannot go refuses the whole call with 409, naming it and why; so does a truck that another
   * office gave a run meanwhile.
   */
  async function dispatchRuns(
    actor: OrderActor,
    inputs: readonly RunDispatch[],
  ): Promise<DispatchedRun[]> {
    const now = clock();
    const applied: Applied[] = [];
    let dispatched: DispatchedRun[];
    try {
      dispatched = await db.transaction(async (tx) => {
        applied.length = 0;
        const runs: DispatchedRun[] = [];
        for (const input of inputs)
          runs.push(await dispatchOntoRun(tx, actor, input, now, applied));
        return runs;
      });
    } catch (error) {
      if (findUniqueViolationConstraint(error) === ONE_ACTIVE_RUN_PER_TRUCK) {
        throw conflict('runs.truck_taken');
      }
      throw error;
    }
    log.info(
      {
        runs: dispatched.map(({ run }) => run.id),
        orders: applied.length,
        actor: actor.kind,
        userId: actor.userId,
      },
      'orders dispatched on runs',
    );
    return dispatched;
  }

  return {
    /** A customer's new order, its payment and its first event; the server's price only. */
    async place(
      actor: OrderActor,
      order: Omit<
        Parameters<typeof insertOrderWithPayment>[1],
        'status' | 'userId' | 'organizationId'
      >,
      payment: Parameters<typeof insertOrderWithPayment>[2],
    ): Promise<TransitionResult> {
      const rule: OrderTransitionRule = ORDER_LIFECYCLE.place;
      if (!rule.actors.includes(actor.kind) || actor.kind !== 'customer') throw forbidden();
      const { userId, organizationId } = actor;
      const now = clock();
      const result = await db.transaction(async (tx) => {
        const created = await insertOrderWithPayment(
          tx,
          { ...order, userId, organizationId, status: rule.to, createdAt: now, updatedAt: now },
          payment,
        );
        return record(
          tx,
          rule,
          { order: created, location: created.pickupLoc, note: 'Order received' },
          actor,
          now,
        );
      });
      log.info(
        { orderId: result.order.id, userId, priceCentimes: result.order.priceCentimes },
        'order placed',
      );
      return result;
    },

    /**
     * Many new orders of one customer in one transaction (an API batch, an import's confirm;
     * docs/decisions/0021-shippers-api.md, "Speed"): the orders and their payments in one
     * statement each, then every order's event, notices, webhooks and live event as place()
     * writes them. All or none: a unique violation (a reference or tracking number taken
     * meanwhile) undoes the whole batch, and the caller places them one by one instead.
     */
    async placeMany(
      actor: OrderActor,
      items: ReadonlyArray<{
        order: Omit<
          Parameters<typeof insertOrderWithPayment>[1],
          'status' | 'userId' | 'organizationId'
        >;
        payment: Parameters<typeof insertOrderWithPayment>[2];
      }>,
    ): Promise<TransitionResult[]> {
      const rule: OrderTransitionRule = ORDER_LIFECYCLE.place;
      if (!rule.actors.includes(actor.kind) || actor.kind !== 'customer') throw forbidden();
      if (items.length === 0) return [];
      const { userId, organizationId } = actor;
      const now = clock();
      const results = await db.transaction(async (tx) => {
        const created = await insertOrdersWithPayments(
          tx,
          items.map(({ order, payment }) => ({
            order: {
              ...order,
              userId,
              organizationId,
              status: rule.to,
              createdAt: now,
              updatedAt: now,
            },
            payment,
          })),
        );
        return recordPlacements(tx, rule, created, actor, now);
      });
      log.info({ userId, organizationId, orders: results.length }, 'orders placed');
      return results;
    },

    /**
     * The Confirmation's dispatch: one order onto a truck and its own driver, joining the truck's
     * run that has not started or making a run of its own.
     */
    async dispatch(
      orderId: string,
      actor: OrderActor,
      input: { truckNumber: string; driverId: string; stops?: readonly RunStopRef[] },
    ): Promise<TransitionResult> {
      const [dispatched] = await dispatchRuns(actor, [
        {
          truck: { truckNumber: input.truckNumber },
          driverId: input.driverId,
          orderIds: [orderId],
          runDate: toBusinessDate(clock()),
          into: 'join',
          stops: input.stops,
        },
      ]);
      return dispatched!.results[0]!;
    },

    dispatchRuns,

    /** The driver has the parcel: the order stays on the road, its timeline says so. */
    pickUp: (orderId: string, actor: OrderActor) =>
      transition('pickUp', orderId, actor, async (tx, order, now) => {
        if (order.pickedUpAt) throw conflict('order.already_picked_up');
        await settleOrderStops(tx, order, ['pickup'], 'done', now);
        return {
          order: await updateOrder(tx, order.id, { pickedUpAt: now, updatedAt: now }),
          location: order.pickupLoc,
          note: 'Picked up',
        };
      }),

    /** IN_TRANSIT → DELIVERED: its stops are done, and the payment is settled. */
    deliver: (orderId: string, actor: OrderActor, input: DeliverInput = {}) =>
      transition('deliver', orderId, actor, deliverStep(actor, input)),

    /**
     * The receiver could not be reached: the order stays with its driver for another attempt, or
     * its return starts (a refusal, the last attempt); the answer is the order as it ends up.
     */
    failDelivery: (orderId: string, actor: OrderActor, input: FailedAttemptInputs) =>
      transition('failDelivery', orderId, actor, failDeliveryStep(actor, input)),

    /** The receiver picks another day (within the next 7) through their link. */
    reschedule: (orderId: string, input: { on: string; note?: string }) =>
      transition('reschedule', orderId, RECEIVER, async (tx, order, now) => {
        checkRescheduleDay(input.on, now, 'on');
        const updated = await updateOrder(tx, order.id, {
          nextAttemptOn: input.on,
          awaitingDecisionSince: null,
          ...(input.note && { receiverInstructions: input.note }),
          updatedAt: now,
        });
        return {
          order: updated,
          location: order.deliveryLoc,
          note: `Next attempt on ${input.on}, chosen by the receiver`,
          facts: { nextAttemptOn: input.on },
        };
      }),

    /**
     * The merchant asks for another attempt after a failed one: a day within the next 7, and
     * perhaps another phone or address (in the same city) and a note for the driver. Refused
     * when no attempt failed or none is left.
     */
    reattempt: (orderId: string, actor: OrderActor, input: Reattempt) =>
      transition('reattempt', orderId, actor, async (tx, order, now) => {
        if (order.failedAttempts === 0) throw conflict('returns.no_failed_attempt');
        const { maxDeliveryAttempts } = await readBusinessSettings(tx);
        if (order.failedAttempts >= maxDeliveryAttempts) throw conflict('returns.no_attempt_left');
        checkRescheduleDay(input.on, now, 'on');
        const updated = await updateOrder(tx, order.id, {
          nextAttemptOn: input.on,
          awaitingDecisionSince: null,
          ...(input.phone && { receiverPhone: input.phone }),
          ...(input.address && { deliveryAddress: input.address }),
          ...(input.note && { receiverInstructions: input.note }),
          updatedAt: now,
        });
        return {
          order: updated,
          location: order.deliveryLoc,
          note: `Next attempt on ${input.on}, asked by the sender`,
          facts: { nextAttemptOn: input.on },
        };
      }),

    /** The receiver tells the driver how to find them, and perhaps another phone. */
    addInstructions: (orderId: string, input: { note: string; phone?: string }) =>
      transition('addInstructions', orderId, RECEIVER, async (tx, order, now) => ({
        order: await updateOrder(tx, order.id, {
          receiverInstructions: input.note,
          ...(input.phone && { receiverOtherPhone: input.phone }),
          updatedAt: now,
        }),
        location: order.deliveryLoc,
        note: 'Instructions from the receiver',
      })),

    /**
     * The parcel goes back to its sender: the merchant's decision after a failed attempt, the
     * office's (with its reason), or the receiver's refusal through their link.
     */
    startReturn: (orderId: string, actor: OrderActor, input: { reason?: string } = {}) =>
      transition(
        'startReturn',
        orderId,
        actor,
        startReturnStep(actor, returnReasonOf(actor, input.reason)),
      ),

    /** RETURNING → RETURNED: the driver with the return code, the office with a reason. */
    deliverReturn: (
      orderId: string,
      actor: OrderActor,
      input: { code?: string; reason?: string },
    ) => transition('deliverReturn', orderId, actor, deliverReturnStep(actor, input)),

    /**
     * docs/product.md, decision 15: a pending order needs a reason; one on the road may omit it.
     */
    cancel: (orderId: string, actor: OrderActor, input: { reason?: string | null }) =>
      transition('cancel', orderId, actor, cancelStep(input)),

    /** A customer withdraws their organization's pending order, with a reason. */
    cancelByCustomer: (orderId: string, actor: OrderActor, input: { reason: string }) =>
      transition('cancelByCustomer', orderId, actor, cancelStep(input)),
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
