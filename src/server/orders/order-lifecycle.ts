import type { FastifyBaseLogger } from 'fastify';
import { toBusinessDate } from '#shared/business-calendar';
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
import type { OrderStatus } from '#shared/order-status';
import { message, type Message } from '#shared/i18n/message-key';
import { CancellationReasonSchema } from '#shared/schemas/admin-schemas';
import type { AuditAction } from '#shared/audit-actions';
import { recordOfficeAction, type AuditSummary, type OfficeActor } from '../audit/office-actions';
import type { Database } from '../db/open-database';
import { findUniqueViolationConstraint } from '../db/unique-violation';
import { isUuid } from '../db/uuid';
import { isDeliveryCodeLocked, type DeliveryCodes } from '../drivers/delivery-code';
import { recordDeliveryEntries } from '../ledger/delivery-entries';
import { readBusinessSettings } from '../settings/business-settings-reads';
import { queueParcelWebhooks } from '../webhooks/webhook-queue';
import {
  publishOrderEvent,
  publishOrderEvents,
  type OrderEventNotice,
} from '../events/order-event-notice';
import type { AppError } from '../http/errors';
import { badRequest, conflict, conflictOf, forbidden, notFound, refusedWith } from '../http/errors';
import type { OrderNoticeFacts } from '../messages/order-notice-text';
import type { NotificationsService } from '../notifications/notifications-service';
import {
  countDeliveryCodeFailure,
  insertOrderWithPayment,
  insertOrdersWithPayments,
  insertTrackingEvent,
  insertTrackingEvents,
  lockOrder,
  lockPayment,
  lockTruck,
  markPaymentPaid,
  updateOrder,
  updateTruck,
  type OrderRow,
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
  | { kind: 'system'; userId: null };

/**
 * The audit action of each transition an admin makes (docs/decisions/0016-audit-trail.md); one
 * the table would give an admin without a name of its own is an `order.status_change`.
 */
const ADMIN_TRANSITION_ACTIONS: Partial<Record<OrderTransitionName, AuditAction>> = {
  dispatch: 'order.dispatch',
  deliver: 'order.deliver',
  cancel: 'order.cancel',
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

export interface TransitionResult {
  order: OrderRow;
  /** The tracking event's sequence number (the live event's id). */
  seq: number;
}

/**
 * docs/product.md, decision 5: the database's own last line of defence against a double dispatch.
 */
const ONE_IN_TRANSIT_PER_TRUCK = 'orders_one_in_transit_per_truck';

/** Why a status change is refused, as the back office's toasts show it. */
export function explainRefusedTransition(from: OrderStatus, to: OrderStatus): Message {
  if (from === 'DELIVERED' || from === 'CANCELLED') {
    return message('order.status_final', { status: from });
  }
  if (from === to) return message('order.status_unchanged', { status: from });
  return message('order.transition_refused', { from, to });
}

function explainRefusal(name: OrderTransitionName, from: OrderStatus): Message {
  if (from !== 'DELIVERED' && from !== 'CANCELLED') {
    if (name === 'pickUp') return message('order.pickup_not_on_road');
    if (name === 'failDelivery') return message('order.failed_attempt_not_on_road');
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

  async function transition(
    name: OrderTransitionName,
    orderId: string,
    actor: OrderActor,
    step: Step,
  ): Promise<TransitionResult> {
    if (!isUuid(orderId)) throw notFound('order.not_found');
    const rule: OrderTransitionRule = ORDER_LIFECYCLE[name];
    const now = clock();
    let from: OrderStatus | undefined;
    const result = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      // Another driver's order is as unknown to a driver as a missing one, and another
      // organization's to a customer.
      if (
        !order ||
        (actor.kind === 'driver' && order.driverId !== actor.driverId) ||
        (actor.kind === 'customer' && order.organizationId !== actor.organizationId)
      ) {
        throw notFound('order.not_found');
      }
      from = order.status;
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
      return recorded;
    });
    if (result instanceof KeptRefusal) throw result.error;
    log.info(
      { orderId, transition: name, from, to: rule.to, actor: actor.kind, userId: actor.userId },
      'order status changed',
    );
    return result;
  }

  /** PENDING → IN_TRANSIT onto an available truck and its own driver, within every safeguard. */
  function dispatchStep(input: { truckNumber: string; driverId: string }): Step {
    return async (tx, order, now) => {
      const found = await lockTruck(tx, input.truckNumber);
      if (!found) {
        throw badRequest(
          'dispatch.truck_not_found',
          { truckNumber: input.truckNumber },
          { truckNumber: 'dispatch.truck_unknown' },
        );
      }
      const { truck, driver } = found;
      if (driver.deactivatedAt) throw conflict('dispatch.driver_deactivated');
      if (truck.driverId !== input.driverId.toLowerCase()) {
        throw badRequest(
          'dispatch.driver_not_of_truck',
          {},
          { driverId: 'dispatch.driver_not_of_truck' },
        );
      }
      if (truck.status !== 'AVAILABLE') {
        throw conflict('dispatch.truck_busy', { truckNumber: truck.truckNumber });
      }
      const problems = findDispatchProblems(
        {
          truckNumber: truck.truckNumber,
          capacityKg: Number(truck.capacityKg),
          licenseExpire: driver.licenseExpire,
          technicalDate: truck.technicalDate,
        },
        Number(order.weightKg),
        toBusinessDate(now),
      );
      const [first, ...others] = problems.map((problem) => problem.message);
      if (first) throw conflictOf([first, ...others]);
      const estimatedDelivery = new Date(now.getTime() + order.durationMinutes * 60_000);
      // Each dispatch makes a new delivery code, sent to the receiver, never stored.
      const deliveryCodeNonce = deliveryCodes.newNonce();
      await updateTruck(tx, truck.id, { status: 'ON_DELIVERY', updatedAt: now });
      const updated = await updateOrder(tx, order.id, {
        status: 'IN_TRANSIT',
        truckId: truck.id,
        driverId: truck.driverId,
        exitDate: now,
        estimatedDelivery,
        deliveryCodeNonce,
        deliveryCodeFailures: 0,
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
          ...(order.amountToCollectCentimes > 0 && {
            amountToPay: String(centimesToMad(order.amountToCollectCentimes)),
          }),
        },
        audited: { truckNumber: truck.truckNumber, driverId: truck.driverId },
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
      await freeTruck(tx, order, now);
      const updated = await updateOrder(tx, order.id, {
        status: 'DELIVERED',
        deliveryDate: now,
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
      };
    };
  }

  /** Whatever ends a delivery frees its truck for the next one. */
  async function freeTruck(tx: Database, order: OrderRow, now: Date) {
    if (order.truckId && order.status === 'IN_TRANSIT') {
      await updateTruck(tx, order.truckId, { status: 'AVAILABLE', updatedAt: now });
    }
  }

  /**
   * docs/product.md, decision 15: a pending order needs a reason; one on the road may omit it.
   * Its truck, if any, is free again.
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
      await freeTruck(tx, order, now);
      return {
        order: await updateOrder(tx, order.id, {
          status: 'CANCELLED',
          cancelReason: reason,
          updatedAt: now,
        }),
        location: order.pickupLoc,
        note: reason ?? 'Cancelled',
        facts: reason ? { reason } : {},
        audited: reason ? { reason } : undefined,
      };
    };
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

    async dispatch(
      orderId: string,
      actor: OrderActor,
      input: { truckNumber: string; driverId: string },
    ): Promise<TransitionResult> {
      try {
        return await transition('dispatch', orderId, actor, dispatchStep(input));
      } catch (error) {
        if (findUniqueViolationConstraint(error) === ONE_IN_TRANSIT_PER_TRUCK) {
          throw conflict('dispatch.truck_busy', { truckNumber: input.truckNumber });
        }
        throw error;
      }
    },

    /** The driver has the parcel: the order stays on the road, its timeline says so. */
    pickUp: (orderId: string, actor: OrderActor) =>
      transition('pickUp', orderId, actor, async (tx, order, now) => {
        if (order.pickedUpAt) throw conflict('order.already_picked_up');
        return {
          order: await updateOrder(tx, order.id, { pickedUpAt: now, updatedAt: now }),
          location: order.pickupLoc,
          note: 'Picked up',
        };
      }),

    /** IN_TRANSIT → DELIVERED: the truck is free again and the payment is settled. */
    deliver: (orderId: string, actor: OrderActor, input: DeliverInput = {}) =>
      transition('deliver', orderId, actor, deliverStep(actor, input)),

    /** The receiver could not be reached: the order stays with its driver for another attempt. */
    failDelivery: (orderId: string, actor: OrderActor, input: { reason: string; note?: string }) =>
      transition('failDelivery', orderId, actor, async (tx, order, now) => ({
        order: await updateOrder(tx, order.id, { updatedAt: now }),
        location: order.deliveryLoc,
        note: input.note ? `${input.reason}: ${input.note}` : input.reason,
        facts: { reason: input.reason },
      })),

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
