/*
 * The ceiling's answers (scripts/bench/ceiling-server.ts): rows of ceiling-statements.ts turned
 * into the JSON the app answers. The API's own types (type imports only: no zod is loaded)
 * check at compile time that every field is there; the domain rules (money, the shipment range,
 * the arrival estimate, the delivery code) are the shared functions the app calls too.
 */
import { isDeliveryCodeLocked, type DeliveryCodes } from '../../src/server/drivers/delivery-code';
import { estimateArrival } from '../../src/shared/eta';
import { formatShipmentRange } from '../../src/shared/format';
import {
  cashOverCollectionCentimes,
  cashShortfallCentimes,
  centimesToMad,
} from '../../src/shared/money';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '../../src/shared/order-status';
import type { OrderEventKind } from '../../src/shared/order-lifecycle';
import type { CargoType, Priority } from '../../src/shared/pricing';
import type { AdminOrder } from '../../src/shared/schemas/admin-schemas';
import type { OrderMapFields } from '../../src/shared/schemas/map-schemas';
import type {
  CustomerOrder,
  CustomerOrderDetail,
  PublicTracking,
} from '../../src/shared/schemas/order-schemas';
import type { PublicUser } from '../../src/shared/schemas/user-schemas';

/*
 * node-postgres reads numeric and bigint columns (and count(*)) as text, timestamps as Date.
 */

export interface ProfileRow {
  id: string;
  email: string | null;
  role: PublicUser['role'];
  user_type: PublicUser['userType'];
  created_at: Date;
  locale: PublicUser['locale'];
  org_role: NonNullable<PublicUser['organization']>['role'] | null;
  member_name: string | null;
  organization_id: string | null;
  organization_name: string | null;
  company_name: string | null;
  rc: string | null;
  n_if: string | null;
  responsable_name: string | null;
  company_phone: string | null;
  company_address: string | null;
  full_name: string | null;
  national_id: string | null;
  individual_phone: string | null;
  individual_address: string | null;
  driver_id: string | null;
  driver_name: string | null;
  driver_phone: string | null;
  truck_number: string | null;
}

export interface CustomerOrderRow extends MoneyRow {
  id: string;
  tracking_number: string;
  status: OrderStatus;
  priority: Priority;
  cargo_type: CargoType;
  pickup_loc: string;
  delivery_loc: string;
  pickup_address: string | null;
  delivery_address: string | null;
  weight_kg: string;
  length_cm: string;
  width_cm: string;
  height_cm: string;
  quantity: number;
  shipment_info: string | null;
  shipment_note: string | null;
  cancel_reason: string | null;
  delivery_date: Date | null;
  distance_km: string;
  duration_minutes: number;
  price_centimes: string;
  receiver_name: string | null;
  receiver_phone: string | null;
  receiver_email: string | null;
  exit_date: Date | null;
  estimated_delivery: Date | null;
  created_at: Date;
  updated_at: Date;
  payment_amount_centimes: string | null;
  payment_currency: string | null;
  payment_method: PaymentMethod | null;
  payment_status: PaymentStatus | null;
  truck_number: string | null;
  failed_attempts: number;
  next_attempt_on: string | null;
  awaiting_decision_since: Date | null;
  return_reason: string | null;
  receiver_instructions: string | null;
  receiver_other_phone: string | null;
  allow_open: boolean;
  exchange_of: string | null;
}

export interface MapRow {
  status: OrderStatus;
  distance_km: string;
  duration_minutes: number;
  exit_date: Date | null;
  pickup_lat: number;
  pickup_lng: number;
  delivery_lat: number;
  delivery_lng: number;
  driver_id: string | null;
  picked_up_at: Date | null;
}

export type CustomerOrderDetailRow = CustomerOrderRow &
  MapRow & {
    delivery_code_nonce: string | null;
    api_key_id: string | null;
    import_id: string | null;
    api_key_name: string | null;
  };

export type TrackedOrderRow = MapRow &
  Pick<
    CustomerOrderRow,
    | 'id'
    | 'tracking_number'
    | 'pickup_loc'
    | 'delivery_loc'
    | 'created_at'
    | 'estimated_delivery'
    | 'delivery_date'
    | 'amount_to_collect_centimes'
  >;

export interface EventRow {
  status: OrderStatus;
  kind: OrderEventKind;
  created_at: Date;
  location: string | null;
  note: string | null;
}

export interface PositionRow {
  lat: number;
  lng: number;
  recorded_at: Date;
}

export interface AdminOrderRow extends MoneyRow {
  id: string;
  tracking_number: string;
  status: OrderStatus;
  priority: Priority;
  cargo_type: CargoType;
  user_id: string;
  pickup_loc: string;
  delivery_loc: string;
  pickup_address: string | null;
  delivery_address: string | null;
  weight_kg: string;
  price_centimes: string;
  distance_km: string;
  truck_id: string | null;
  cancel_reason: string | null;
  receiver_name: string | null;
  receiver_phone: string | null;
  exit_date: Date | null;
  estimated_delivery: Date | null;
  delivery_date: Date | null;
  created_at: Date;
  updated_at: Date;
  delivery_code_failures: number;
  cash_collected_centimes: string | null;
  payment_amount_centimes: string | null;
  payment_status: PaymentStatus | null;
  payment_method: PaymentMethod | null;
  paid_at: Date | null;
  email: string;
  user_type: AdminOrder['user']['userType'];
  company_name: string | null;
  full_name: string | null;
  truck_number: string | null;
  driver_id: string | null;
  driver_name: string | null;
  driver_phone: string | null;
}

/** What an order asks the driver to collect, as the customer's and the admin's rows carry it. */
export interface MoneyRow {
  cod_amount_centimes: string;
  fee_paid_by: CustomerOrder['feePaidBy'];
  declared_value_centimes: string | null;
  amount_to_collect_centimes: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const centimesOrNull = (value: string | null) => (value === null ? null : Number(value));

export function publicUserOf(row: ProfileRow): PublicUser {
  const name =
    row.company_name ?? row.full_name ?? row.member_name ?? row.driver_name ?? 'Administrator';
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    userType: row.user_type,
    name,
    createdAt: row.created_at.toISOString(),
    locale: row.locale,
    ...(row.company_name !== null && {
      company: {
        companyName: row.company_name,
        rc: row.rc!,
        nIf: row.n_if!,
        responsableName: row.responsable_name!,
        phone: row.company_phone!,
        address: row.company_address!,
      },
    }),
    ...(row.full_name !== null && {
      individual: {
        fullName: row.full_name,
        nationalId: row.national_id!,
        phone: row.individual_phone!,
        address: row.individual_address!,
      },
    }),
    ...(row.driver_id !== null && {
      driver: {
        id: row.driver_id,
        fullName: row.driver_name!,
        phone: row.driver_phone!,
        truckNumber: row.truck_number,
      },
    }),
    ...(row.organization_id !== null &&
      row.organization_name !== null &&
      row.org_role !== null && {
        organization: { id: row.organization_id, name: row.organization_name, role: row.org_role },
      }),
  };
}

/** docs/product.md, decision 13: the pickup city until the order is delivered. */
const currentLocationOf = (row: {
  status: OrderStatus;
  pickup_loc: string;
  delivery_loc: string;
}) => (row.status === 'DELIVERED' ? row.delivery_loc : row.pickup_loc);

function orderMoneyOf(row: MoneyRow) {
  const declared = centimesOrNull(row.declared_value_centimes);
  return {
    codAmount: centimesToMad(Number(row.cod_amount_centimes)),
    feePaidBy: row.fee_paid_by,
    declaredValue: declared === null ? null : centimesToMad(declared),
    amountToCollect: centimesToMad(Number(row.amount_to_collect_centimes)),
  };
}

export function customerOrderOf(row: CustomerOrderRow): CustomerOrder {
  const price = centimesToMad(Number(row.price_centimes));
  const distance = Number(row.distance_km);
  return {
    id: row.id,
    trackingNumber: row.tracking_number,
    status: row.status,
    priority: row.priority,
    cargoType: row.cargo_type,
    pickup_loc: row.pickup_loc,
    delivery_loc: row.delivery_loc,
    pickup_address: row.pickup_address,
    delivery_address: row.delivery_address,
    destinationCountry: 'Morocco',
    weight: Number(row.weight_kg),
    length: Number(row.length_cm),
    width: Number(row.width_cm),
    height: Number(row.height_cm),
    quantity: row.quantity,
    shipment_range: formatShipmentRange(row.pickup_loc, row.delivery_loc, distance),
    shipment_info: row.shipment_info,
    shipment_note: row.shipment_note,
    cancelReason: row.cancel_reason,
    delivery_date: iso(row.delivery_date),
    distance,
    durationMinutes: row.duration_minutes,
    price,
    totalPrice: price,
    ...orderMoneyOf(row),
    receiverName: row.receiver_name,
    receiverPhone: row.receiver_phone,
    receiverEmail: row.receiver_email,
    exitDate: iso(row.exit_date),
    estimatedDelivery: iso(row.estimated_delivery),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    truck: row.truck_number ? { truckNumber: row.truck_number } : null,
    payment: {
      amount:
        row.payment_amount_centimes === null
          ? price
          : centimesToMad(Number(row.payment_amount_centimes)),
      currency: row.payment_currency ?? 'MAD',
      method: row.payment_method ?? 'cash_on_delivery',
      status: row.payment_status ?? 'unpaid',
    },
    tracking: {
      status: row.status,
      currentLocation: currentLocationOf(row),
      estimatedDelivery: iso(row.estimated_delivery),
      updatedAt: row.updated_at.toISOString(),
      notes: row.cancel_reason,
    },
    failedAttempts: row.failed_attempts,
    nextAttemptOn: row.next_attempt_on,
    awaitingDecisionSince: iso(row.awaiting_decision_since),
    returnReason: row.return_reason,
    receiverInstructions: row.receiver_instructions,
    receiverOtherPhone: row.receiver_other_phone,
    allowOpen: row.allow_open,
    exchangeOf: row.exchange_of,
  };
}

/** Whether the order's map shows its truck: on the road, dispatched, with a driver. */
export function needsPosition(row: MapRow): row is MapRow & { driver_id: string; exit_date: Date } {
  return row.status === 'IN_TRANSIT' && row.driver_id !== null && row.exit_date !== null;
}

export function mapFieldsOf(row: MapRow, stored: PositionRow | undefined): OrderMapFields {
  const pickup = { lat: row.pickup_lat, lng: row.pickup_lng };
  const delivery = { lat: row.delivery_lat, lng: row.delivery_lng };
  const position = row.status === 'IN_TRANSIT' ? stored : undefined;
  const eta = estimateArrival({
    status: row.status,
    exitDate: row.exit_date,
    distanceKm: Number(row.distance_km),
    durationMinutes: row.duration_minutes,
    pickup,
    delivery,
    pickedUpAt: row.picked_up_at,
    position: position ? { lat: position.lat, lng: position.lng, at: position.recorded_at } : null,
  });
  return {
    position: position
      ? { lat: position.lat, lng: position.lng, at: position.recorded_at.toISOString() }
      : null,
    eta: iso(eta),
    route: { pickup, delivery },
  };
}

const timelineEventOf = (event: EventRow) => ({
  status: event.status,
  kind: event.kind,
  at: event.created_at.toISOString(),
  location: event.location,
  note: event.note,
});

export function customerOrderDetailOf(
  row: CustomerOrderDetailRow,
  events: EventRow[],
  position: PositionRow | undefined,
  deliveryCodes: DeliveryCodes,
): CustomerOrderDetail {
  const code = deliveryCodes.currentCodeOf({
    id: row.id,
    status: row.status,
    deliveryCodeNonce: row.delivery_code_nonce,
  });
  return {
    ...customerOrderOf(row),
    timeline: events.map(timelineEventOf),
    deliveryCode: row.status === 'IN_TRANSIT' ? code : null,
    returnCode: row.status === 'RETURNING' ? code : null,
    // The bench's orders never failed an attempt: no attempts to read, no decision to offer.
    attempts: [],
    canReattempt: false,
    canReturn: false,
    ...mapFieldsOf(row, position),
    source: row.api_key_id
      ? { kind: 'api_key', name: row.api_key_name ?? '' }
      : row.import_id
        ? { kind: 'import', id: row.import_id }
        : { kind: 'screen' },
  };
}

export function publicTrackingOf(
  row: TrackedOrderRow,
  events: EventRow[],
  position: PositionRow | undefined,
): PublicTracking {
  return {
    trackingNumber: row.tracking_number,
    status: row.status,
    pickup_loc: row.pickup_loc,
    delivery_loc: row.delivery_loc,
    createdAt: row.created_at.toISOString(),
    exitDate: iso(row.exit_date),
    estimatedDelivery: iso(row.estimated_delivery),
    delivery_date: iso(row.delivery_date),
    currentLocation: currentLocationOf(row),
    amountToCollect: centimesToMad(Number(row.amount_to_collect_centimes)),
    timeline: events.map(({ status, kind, created_at, location }) => ({
      status,
      kind,
      at: created_at.toISOString(),
      location,
    })),
    ...mapFieldsOf(row, position),
  };
}

const describePlace = (city: string, street: string | null) => ({
  city,
  address: street ? `${street}, ${city}` : city,
});

export function adminOrderOf(row: AdminOrderRow): AdminOrder {
  const priceCentimes = Number(row.price_centimes);
  const price = centimesToMad(priceCentimes);
  const collected = centimesOrNull(row.cash_collected_centimes);
  const dueCentimes = Number(row.amount_to_collect_centimes);
  const shortfall = cashShortfallCentimes(dueCentimes, collected);
  const overCollection = cashOverCollectionCentimes(dueCentimes, collected);
  return {
    id: row.id,
    orderId: row.id,
    trackingNumber: row.tracking_number,
    status: row.status,
    priority: row.priority,
    cargoType: row.cargo_type,
    tracking: {
      status: row.status,
      currentLocation: currentLocationOf(row),
      estimatedDelivery: iso(row.estimated_delivery),
      updatedAt: row.updated_at.toISOString(),
    },
    user: {
      id: row.user_id,
      company: row.company_name,
      name: row.company_name ?? row.full_name ?? row.email,
      email: row.email,
      userType: row.user_type,
    },
    customer: { email: row.email },
    origin: describePlace(row.pickup_loc, row.pickup_address),
    destination: describePlace(row.delivery_loc, row.delivery_address),
    pickup_loc: row.pickup_loc,
    delivery_loc: row.delivery_loc,
    weight: Number(row.weight_kg),
    price,
    ...orderMoneyOf(row),
    distance: Number(row.distance_km),
    truckNumber: row.truck_number,
    truck:
      row.truck_id && row.truck_number
        ? { id: row.truck_id, truckNumber: row.truck_number, fullName: row.driver_name ?? '' }
        : null,
    driver: row.driver_id
      ? { id: row.driver_id, name: row.driver_name!, phone: row.driver_phone! }
      : null,
    cancellationReason: row.cancel_reason,
    receiverName: row.receiver_name,
    receiverPhone: row.receiver_phone,
    exitDate: iso(row.exit_date),
    estimatedDelivery: iso(row.estimated_delivery),
    delivery_date: iso(row.delivery_date),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deliveryCodeLocked: isDeliveryCodeLocked({
      status: row.status,
      deliveryCodeFailures: row.delivery_code_failures,
    }),
    cashCollected: collected === null ? null : centimesToMad(collected),
    cashShortfall: shortfall === null ? null : centimesToMad(shortfall),
    cashOverCollection: overCollection === null ? null : centimesToMad(overCollection),
    payment: {
      amount:
        row.payment_amount_centimes === null
          ? price
          : centimesToMad(Number(row.payment_amount_centimes)),
      status: row.payment_status ?? 'unpaid',
      method: row.payment_method ?? 'cash_on_delivery',
      paidAt: iso(row.paid_at),
    },
  };
}
