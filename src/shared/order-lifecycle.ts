import type { OrderStatus } from './order-status';

/**
 * The one order lifecycle (docs/architecture.md, "The order lifecycle"): every status change is
 * one of these transitions, made by one of its actors from one of its statuses. The server's
 * lifecycle (src/server/orders/order-lifecycle.ts) refuses anything else; the screens read the
 * same table to offer only what the server accepts.
 */
/**
 * `receiver` is the person a parcel goes to, who has no account: they act through the token link
 * of their SMS (docs/decisions/0023-failed-deliveries-and-returns.md). `system` is the lifecycle
 * itself, starting a return on its own after a refusal or the last failed attempt.
 */
export const ORDER_ACTORS = ['customer', 'admin', 'driver', 'system', 'receiver'] as const;
export type OrderActorKind = (typeof ORDER_ACTORS)[number];

/** What each transition is called on the wire (live events) and in the timeline. */
export const ORDER_EVENT_KINDS = [
  'placed',
  'dispatched',
  'picked-up',
  'delivered',
  'delivery-failed',
  'cancelled',
  'rescheduled',
  'instructions-added',
  'return-started',
  'returned',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** The `event:` name of every live order event (GET /api/events and the tracking stream). */
export const ORDER_EVENT_NAME = 'order';

export interface OrderTransitionRule {
  kind: OrderEventKind;
  /** Empty for `place`, which creates the order. */
  from: readonly OrderStatus[];
  to: OrderStatus;
  actors: readonly OrderActorKind[];
}

export const ORDER_LIFECYCLE = {
  place: { kind: 'placed', from: [], to: 'PENDING', actors: ['customer'] },
  /**
   * Confirming an order puts it on the road with a truck and its driver
   * (docs/product.md, decision 5).
   */
  dispatch: { kind: 'dispatched', from: ['PENDING'], to: 'IN_TRANSIT', actors: ['admin'] },
  pickUp: { kind: 'picked-up', from: ['IN_TRANSIT'], to: 'IN_TRANSIT', actors: ['driver'] },
  deliver: {
    kind: 'delivered',
    from: ['IN_TRANSIT'],
    to: 'DELIVERED',
    actors: ['admin', 'driver'],
  },
  /**
   * The receiver could not be reached: the order stays with its driver for another attempt, or,
   * after a refusal or the last attempt allowed, its return starts in the same transaction
   * (`startReturn` by the system, a step of its own).
   */
  failDelivery: {
    kind: 'delivery-failed',
    from: ['IN_TRANSIT'],
    to: 'IN_TRANSIT',
    actors: ['driver'],
  },
  /** The receiver picks another day (within 7) through their link. */
  reschedule: {
    kind: 'rescheduled',
    from: ['IN_TRANSIT'],
    to: 'IN_TRANSIT',
    actors: ['receiver'],
  },
  /**
   * The merchant asks for another attempt after a failed one: a day, and perhaps another phone or
   * address in the same city. Refused after a refusal or when no attempt is left.
   */
  reattempt: {
    kind: 'rescheduled',
    from: ['IN_TRANSIT'],
    to: 'IN_TRANSIT',
    actors: ['customer'],
  },
  /** The receiver tells the driver how to find them: a landmark, a floor, another phone. */
  addInstructions: {
    kind: 'instructions-added',
    from: ['IN_TRANSIT'],
    to: 'IN_TRANSIT',
    actors: ['receiver'],
  },
  /**
   * The parcel goes back to its sender: the receiver refused it, the attempts ran out (system),
   * the merchant decided after a failed attempt, or the office did. Nothing is collected; the
   * order gets a return code, which the sender gives the driver.
   */
  startReturn: {
    kind: 'return-started',
    from: ['IN_TRANSIT'],
    to: 'RETURNING',
    actors: ['customer', 'admin', 'receiver', 'system'],
  },
  /**
   * An exchange's new parcel is delivered: the driver takes the old one back, whose return starts
   * at once (docs/decisions/0023-failed-deliveries-and-returns.md, "Exchanges").
   */
  returnExchanged: {
    kind: 'return-started',
    from: ['DELIVERED'],
    to: 'RETURNING',
    actors: ['system'],
  },
  /**
   * The sender has the parcel back: the driver proves it with the return code; the office records
   * it with a reason when the code is lost. The return fee is written in the same transaction.
   */
  deliverReturn: {
    kind: 'returned',
    from: ['RETURNING'],
    to: 'RETURNED',
    actors: ['driver', 'admin'],
  },
  cancel: {
    kind: 'cancelled',
    from: ['PENDING', 'IN_TRANSIT'],
    to: 'CANCELLED',
    actors: ['admin'],
  },
  /**
   * A member of the customer's organization whose role may cancel withdraws an order nobody has
   * dispatched yet (docs/decisions/0014-organizations.md).
   */
  cancelByCustomer: {
    kind: 'cancelled',
    from: ['PENDING'],
    to: 'CANCELLED',
    actors: ['customer'],
  },
} as const satisfies Record<string, OrderTransitionRule>;

export type OrderTransitionName = keyof typeof ORDER_LIFECYCLE;

export type TransitionRefusal = 'actor' | 'status';

/** Why a transition is refused for this actor from this status, or undefined when it is allowed. */
export function findTransitionRefusal(
  name: OrderTransitionName,
  from: OrderStatus,
  actor: OrderActorKind,
): TransitionRefusal | undefined {
  const rule: OrderTransitionRule = ORDER_LIFECYCLE[name];
  if (!rule.actors.includes(actor)) return 'actor';
  if (!rule.from.includes(from)) return 'status';
  return undefined;
}

/**
 * The transitions `actor` may make on an order in `status`, in the table's order: what a screen
 * offers (the admin's order page, the driver's card), so it offers only what the server accepts.
 */
export function transitionsFor(actor: OrderActorKind, status: OrderStatus): OrderTransitionName[] {
  return (Object.keys(ORDER_LIFECYCLE) as OrderTransitionName[]).filter(
    (name) => findTransitionRefusal(name, status, actor) === undefined,
  );
}

/** The transition an admin's status change (PUT update-status) asks for, by its target status. */
export const ADMIN_STATUS_TRANSITIONS: Readonly<Partial<Record<OrderStatus, OrderTransitionName>>> =
  {
    IN_TRANSIT: 'dispatch',
    DELIVERED: 'deliver',
    CANCELLED: 'cancel',
  };

/** Whether an order may move from one status to another by any transition of any actor. */
export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return Object.values(ORDER_LIFECYCLE).some(
    (rule: OrderTransitionRule) => rule.to === to && rule.to !== from && rule.from.includes(from),
  );
}
