/** Colour families for status badges; the web maps each to its theme tokens. */
export const TONES = ['amber', 'green', 'red', 'blue', 'orange', 'grey'] as const;
export type Tone = (typeof TONES)[number];

export const ORDER_STATUSES = [
  'PENDING',
  'CONFIRMED',
  'IN_TRANSIT',
  'DELIVERED',
  'CANCELLED',
  /** On its way back to the sender (docs/decisions/0023-failed-deliveries-and-returns.md). */
  'RETURNING',
  /** The sender has it back, proved by the return code or recorded by the office. */
  'RETURNED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The American spelling that older data and the dashboard summary use (docs/product.md, section 4).
 */
const LEGACY_CANCELLED = 'CANCELED';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Reads a status as stored or sent: case and surrounding spaces do not matter, CANCELED means
 * CANCELLED, and an order without a status is PENDING (docs/product.md, section 4). Throws
 * RangeError for any other value, which can only come from a bug.
 */
export function normalizeOrderStatus(value: string | null | undefined): OrderStatus {
  const status = value?.trim().toUpperCase();
  if (!status) return 'PENDING';
  if (status === LEGACY_CANCELLED) return 'CANCELLED';
  if (isOrderStatus(status)) return status;
  throw new RangeError(`Unknown order status: ${value}`);
}

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  IN_TRANSIT: 'On the road',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  RETURNING: 'Returning to sender',
  RETURNED: 'Returned',
};

/**
 * docs/product.md, section 2: Processing amber, Delivered green, Cancelled red, other states blue.
 */
export const ORDER_STATUS_TONES: Readonly<Record<OrderStatus, Tone>> = {
  PENDING: 'amber',
  CONFIRMED: 'amber',
  IN_TRANSIT: 'blue',
  DELIVERED: 'green',
  CANCELLED: 'red',
  RETURNING: 'orange',
  RETURNED: 'grey',
};

/** Where an order's journey is over: nothing but the office's records changes it any more. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['DELIVERED', 'CANCELLED', 'RETURNED'];

/** The statuses the customer's summary counts under its "Returns" figure. */
export const RETURN_STATUSES: readonly OrderStatus[] = ['RETURNING', 'RETURNED'];

/** The states the customer Tracking screen filters on (docs/product.md, decision 11). */
export const TRACKING_STATES = ['ON_THE_ROAD', 'PROCESSING'] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

export const TRACKING_STATE_LABELS: Readonly<Record<TrackingState, string>> = {
  ON_THE_ROAD: 'On the road',
  PROCESSING: 'Processing',
};

export const TRACKING_STATE_STATUSES: Readonly<Record<TrackingState, readonly OrderStatus[]>> = {
  // A parcel coming back to its sender is on a truck too (docs/decisions/0023).
  ON_THE_ROAD: ['IN_TRANSIT', 'RETURNING'],
  PROCESSING: ['PENDING', 'CONFIRMED'],
};

/** Undefined for a delivered, cancelled or returned order, which the Tracking screen does not list. */
export function getTrackingState(status: OrderStatus): TrackingState | undefined {
  return TRACKING_STATES.find((state) => TRACKING_STATE_STATUSES[state].includes(status));
}

export const TRUCK_STATUSES = ['AVAILABLE', 'ON_DELIVERY'] as const;
export type TruckStatus = (typeof TRUCK_STATUSES)[number];

const TRUCK_STATUS_TONES: Readonly<Record<TruckStatus, Tone>> = {
  AVAILABLE: 'green',
  ON_DELIVERY: 'orange',
};

/**
 * Takes any string: the Trucks Active badge shows other statuses in grey
 * (docs/product.md, section 2).
 */
export function getTruckStatusTone(status: string): Tone {
  return lookUpTone(TRUCK_STATUS_TONES, status);
}

export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const PAYMENT_STATUS_TONES: Readonly<Record<PaymentStatus, Tone>> = {
  unpaid: 'red',
  pending: 'orange',
  paid: 'green',
};

/**
 * Case-insensitive, as the Revenue screen reads it (docs/product.md, section
 * 2); unknown values are grey.
 */
export function getPaymentStatusTone(status: string): Tone {
  return lookUpTone(PAYMENT_STATUS_TONES, status.trim().toLowerCase());
}

export const PAYMENT_METHODS = ['online', 'cash_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ROLES = ['ADMIN', 'USER'] as const;
export type Role = (typeof ROLES)[number];

const ROLE_TONES: Readonly<Record<Role, Tone>> = {
  ADMIN: 'blue',
  USER: 'green',
};

/**
 * Exact match: only the uppercase ADMIN is an admin (docs/product.md, section
 * 6); other roles are grey.
 */
export function getRoleTone(role: string): Tone {
  return lookUpTone(ROLE_TONES, role);
}

export const USER_TYPES = ['COMPANY', 'INDIVIDUAL'] as const;
export type UserType = (typeof USER_TYPES)[number];

function lookUpTone(tones: Readonly<Record<string, Tone>>, key: string): Tone {
  return Object.hasOwn(tones, key) ? tones[key] : 'grey';
}
