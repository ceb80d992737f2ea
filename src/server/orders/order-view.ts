import { formatShipmentRange } from '#shared/format';
import { centimesToMad } from '#shared/money';
import type {
  CustomerOrder,
  CustomerOrderDetail,
  PublicTracking,
} from '#shared/schemas/order-schemas';
import type { OrderMapFields } from '#shared/schemas/map-schemas';
import type { OrderSource } from '#shared/schemas/order-source-schemas';
import type { DeliveryAttempt, OrderAttemptFields } from '#shared/schemas/returns-schemas';
import type { CsvColumn } from '../http/csv';
import type { DeliveryAttemptRow } from './delivery-attempt-queries';
import type {
  ListedOrder,
  OrderRow,
  OrderWithPayment,
  TrackedOrder,
  TrackingEventRow,
} from './orders-queries';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * What an order asks the driver to collect, in MAD (docs/decisions/0020-merchant-money.md): the
 * same four fields on the customer's, the back office's and the driver's reads.
 */
export function toOrderMoney(
  order: Pick<
    OrderRow,
    'codAmountCentimes' | 'feePaidBy' | 'declaredValueCentimes' | 'amountToCollectCentimes'
  >,
) {
  return {
    codAmount: centimesToMad(order.codAmountCentimes),
    feePaidBy: order.feePaidBy,
    declaredValue:
      order.declaredValueCentimes === null ? null : centimesToMad(order.declaredValueCentimes),
    amountToCollect: centimesToMad(order.amountToCollectCentimes),
  };
}

/**
 * What every read of an order tells of its failed attempts and its return
 * (docs/decisions/0023-failed-deliveries-and-returns.md): orderAttemptFields of
 * #shared/schemas/returns-schemas.
 */
export function toOrderAttempts(
  order: Pick<
    OrderRow,
    | 'failedAttempts'
    | 'nextAttemptOn'
    | 'awaitingDecisionSince'
    | 'returnReason'
    | 'receiverInstructions'
    | 'receiverOtherPhone'
    | 'allowOpen'
    | 'exchangeOf'
  >,
): OrderAttemptFields {
  return {
    failedAttempts: order.failedAttempts,
    nextAttemptOn: order.nextAttemptOn,
    awaitingDecisionSince: iso(order.awaitingDecisionSince),
    returnReason: order.returnReason,
    receiverInstructions: order.receiverInstructions,
    receiverOtherPhone: order.receiverOtherPhone,
    allowOpen: order.allowOpen,
    exchangeOf: order.exchangeOf,
  };
}

/**
 * Where the order came from (docs/decisions/0021-shippers-api.md, "Created by"): a revoked key
 * still names its orders.
 */
export function toOrderSource(
  order: Pick<OrderRow, 'apiKeyId' | 'importId'>,
  apiKeyName: string | null,
): OrderSource {
  if (order.apiKeyId) return { kind: 'api_key', name: apiKeyName ?? '' };
  if (order.importId) return { kind: 'import', id: order.importId };
  return { kind: 'screen' };
}

/** docs/product.md, decision 13: the pickup city until the order is delivered. */
export function currentLocationOf(
  order: Pick<OrderRow, 'status' | 'pickupLoc' | 'deliveryLoc'>,
): string {
  return order.status === 'DELIVERED' ? order.deliveryLoc : order.pickupLoc;
}

export function toCustomerOrder({ order, payment, truckNumber }: ListedOrder): CustomerOrder {
  const price = centimesToMad(order.priceCentimes);
  const distance = Number(order.distanceKm);
  return {
    id: order.id,
    trackingNumber: order.trackingNumber,
    status: order.status,
    priority: order.priority,
    cargoType: order.cargoType,
    pickup_loc: order.pickupLoc,
    delivery_loc: order.deliveryLoc,
    pickup_address: order.pickupAddress,
    delivery_address: order.deliveryAddress,
    destinationCountry: 'Morocco',
    weight: Number(order.weightKg),
    length: Number(order.lengthCm),
    width: Number(order.widthCm),
    height: Number(order.heightCm),
    quantity: order.quantity,
    shipment_range: formatShipmentRange(order.pickupLoc, order.deliveryLoc, distance),
    shipment_info: order.shipmentInfo,
    shipment_note: order.shipmentNote,
    cancelReason: order.cancelReason,
    delivery_date: iso(order.deliveryDate),
    distance,
    durationMinutes: order.durationMinutes,
    price,
    totalPrice: price,
    ...toOrderMoney(order),
    receiverName: order.receiverName,
    receiverPhone: order.receiverPhone,
    receiverEmail: order.receiverEmail,
    exitDate: iso(order.exitDate),
    estimatedDelivery: iso(order.estimatedDelivery),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    truck: truckNumber ? { truckNumber } : null,
    payment: {
      amount: payment ? centimesToMad(payment.amountCentimes) : price,
      currency: payment?.currency ?? 'MAD',
      method: payment?.method ?? 'cash_on_delivery',
      status: payment?.status ?? 'unpaid',
    },
    tracking: {
      status: order.status,
      currentLocation: currentLocationOf(order),
      estimatedDelivery: iso(order.estimatedDelivery),
      updatedAt: order.updatedAt.toISOString(),
      notes: order.cancelReason,
    },
    ...toOrderAttempts(order),
  };
}

/** One failed attempt as an order's reads show it, to its organization and to the office. */
export function toDeliveryAttempt(
  row: Pick<DeliveryAttemptRow, 'attempt' | 'reason' | 'note' | 'nextAttemptOn' | 'createdAt'>,
): DeliveryAttempt {
  return {
    attempt: row.attempt,
    reason: row.reason,
    note: row.note,
    nextAttemptOn: row.nextAttemptOn,
    at: row.createdAt.toISOString(),
  };
}

/**
 * What the order's own page adds for its organization: the code it passes on (the delivery code
 * on the road, the return code on the way back), the failed attempts, and the decisions the
 * caller may make now (docs/decisions/0023-failed-deliveries-and-returns.md).
 */
export interface CustomerOrderExtras {
  deliveryCode: string | null;
  returnCode: string | null;
  attempts: DeliveryAttemptRow[];
  canReattempt: boolean;
  canReturn: boolean;
}

/** One step of an order's timeline, as the customer and the admin order pages show it. */
export function toTimelineEvent(event: TrackingEventRow) {
  return {
    status: event.status,
    kind: event.kind,
    at: event.createdAt.toISOString(),
    location: event.location,
    note: event.note,
  };
}

export function toCustomerOrderDetail(
  row: OrderWithPayment,
  events: TrackingEventRow[],
  extras: CustomerOrderExtras,
  map: OrderMapFields,
): CustomerOrderDetail {
  return {
    ...toCustomerOrder(row),
    timeline: events.map(toTimelineEvent),
    deliveryCode: extras.deliveryCode,
    returnCode: extras.returnCode,
    attempts: extras.attempts.map(toDeliveryAttempt),
    canReattempt: extras.canReattempt,
    canReturn: extras.canReturn,
    ...map,
    source: toOrderSource(row.order, row.apiKeyName),
  };
}

/** What anyone holding the tracking number may see: no names, phones, emails or price. */
export function toPublicTracking(
  order: TrackedOrder,
  events: TrackingEventRow[],
  map: OrderMapFields,
): PublicTracking {
  return {
    trackingNumber: order.trackingNumber,
    status: order.status,
    pickup_loc: order.pickupLoc,
    delivery_loc: order.deliveryLoc,
    createdAt: order.createdAt.toISOString(),
    exitDate: iso(order.exitDate),
    estimatedDelivery: iso(order.estimatedDelivery),
    delivery_date: iso(order.deliveryDate),
    currentLocation: currentLocationOf(order),
    amountToCollect: centimesToMad(order.amountToCollectCentimes),
    timeline: events.map(({ status, kind, createdAt, location }) => ({
      status,
      kind,
      at: createdAt.toISOString(),
      location,
    })),
    ...map,
  };
}

/** A customer's order list as a spreadsheet: the columns of the back office's, minus its own. */
export const customerOrderCsvColumns: CsvColumn<CustomerOrder>[] = [
  { header: 'csv.order_id', value: (o) => o.id },
  { header: 'csv.tracking_number', value: (o) => o.trackingNumber },
  { header: 'csv.status', value: (o) => o.status },
  { header: 'csv.pickup', value: (o) => o.pickup_address ?? o.pickup_loc },
  { header: 'csv.delivery', value: (o) => o.delivery_address ?? o.delivery_loc },
  { header: 'csv.weight_kg', value: (o) => o.weight },
  { header: 'csv.price_mad', value: (o) => o.price },
  { header: 'order.csv_cod_amount_mad', value: (o) => o.codAmount },
  { header: 'order.csv_fee_paid_by', value: (o) => o.feePaidBy },
  { header: 'order.csv_declared_value_mad', value: (o) => o.declaredValue },
  { header: 'order.csv_amount_to_collect_mad', value: (o) => o.amountToCollect },
  { header: 'csv.truck', value: (o) => o.truck?.truckNumber },
  { header: 'csv.payment_status', value: (o) => o.payment.status },
  { header: 'csv.payment_method', value: (o) => o.payment.method },
  { header: 'csv.created_at', value: (o) => o.createdAt },
  { header: 'csv.exit_date', value: (o) => o.exitDate },
  { header: 'csv.delivery_date', value: (o) => o.delivery_date },
  { header: 'csv.cancellation_reason', value: (o) => o.cancelReason },
];
