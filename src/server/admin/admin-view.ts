import { cashOverCollectionCentimes, cashShortfallCentimes, centimesToMad } from '#shared/money';
import type {
  AdminOrder,
  AdminOrderDetail,
  AdminPayment,
  AdminReturnRow,
} from '#shared/schemas/admin-schemas';
import type { OrderMapFields } from '#shared/schemas/map-schemas';
import { isDeliveryCodeLocked } from '../drivers/delivery-code';
import type { CsvColumn } from '../http/csv';
import {
  currentLocationOf,
  toDeliveryAttempt,
  toOrderAttempts,
  toOrderMoney,
  toOrderSource,
  toTimelineEvent,
} from '../orders/order-view';
import { emailOfAccount } from '../users/email-accounts';
import type {
  AdminOrderDetailRow,
  AdminOrderRow,
  DeliveryAttemptRow,
  TrackingEventRow,
} from '../orders/order-reads';
import type { PaymentListRow } from './payments-queries';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function describePlace(city: string, street: string | null) {
  return { city, address: street ? `${street}, ${city}` : city };
}

export function toAdminOrder({
  order,
  payment,
  customer,
  truckNumber,
  driver,
}: AdminOrderRow): AdminOrder {
  const price = centimesToMad(order.priceCentimes);
  const companyName = customer.companyName ?? null;
  const customerEmail = emailOfAccount(customer.email, order.userId);
  const collected = order.cashCollectedCentimes;
  // The driver is held to what the receiver pays at the door (docs/decisions/0020-merchant-money.md).
  const shortfall = cashShortfallCentimes(order.amountToCollectCentimes, collected);
  const overCollection = cashOverCollectionCentimes(order.amountToCollectCentimes, collected);
  return {
    id: order.id,
    orderId: order.id,
    trackingNumber: order.trackingNumber,
    status: order.status,
    priority: order.priority,
    cargoType: order.cargoType,
    tracking: {
      status: order.status,
      currentLocation: currentLocationOf(order),
      estimatedDelivery: iso(order.estimatedDelivery),
      updatedAt: order.updatedAt.toISOString(),
    },
    user: {
      id: order.userId,
      company: companyName,
      name: companyName ?? customer.fullName ?? customerEmail,
      email: customerEmail,
      userType: customer.userType,
    },
    customer: { email: customerEmail },
    origin: describePlace(order.pickupLoc, order.pickupAddress),
    destination: describePlace(order.deliveryLoc, order.deliveryAddress),
    pickup_loc: order.pickupLoc,
    delivery_loc: order.deliveryLoc,
    weight: Number(order.weightKg),
    price,
    ...toOrderMoney(order),
    distance: Number(order.distanceKm),
    truckNumber,
    truck:
      order.truckId && truckNumber
        ? { id: order.truckId, truckNumber, fullName: driver?.fullName ?? '' }
        : null,
    driver: driver ? { id: driver.id, name: driver.fullName, phone: driver.phone } : null,
    cancellationReason: order.cancelReason,
    receiverName: order.receiverName,
    receiverPhone: order.receiverPhone,
    exitDate: iso(order.exitDate),
    estimatedDelivery: iso(order.estimatedDelivery),
    delivery_date: iso(order.deliveryDate),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    deliveryCodeLocked: isDeliveryCodeLocked(order),
    cashCollected: collected === null ? null : centimesToMad(collected),
    cashShortfall: shortfall === null ? null : centimesToMad(shortfall),
    cashOverCollection: overCollection === null ? null : centimesToMad(overCollection),
    payment: {
      amount: payment ? centimesToMad(payment.amountCentimes) : price,
      status: payment?.status ?? 'unpaid',
      method: payment?.method ?? 'cash_on_delivery',
      paidAt: iso(payment?.paidAt ?? null),
    },
  };
}

/** The attempts and the return of an order (docs/decisions/0023-failed-deliveries-and-returns.md). */
function toAdminReturnFields({ order }: AdminOrderRow) {
  return {
    ...toOrderAttempts(order),
    returnStartedAt: iso(order.returnStartedAt),
    returnedAt: iso(order.returnedAt),
  };
}

export function toAdminOrderDetail(
  row: AdminOrderDetailRow,
  events: TrackingEventRow[],
  attempts: DeliveryAttemptRow[],
  map: OrderMapFields,
): AdminOrderDetail {
  return {
    ...toAdminOrder(row),
    timeline: events.map(toTimelineEvent),
    ...map,
    source: toOrderSource(row, row.apiKeyName),
    ...toAdminReturnFields(row),
    attempts: attempts.map(toDeliveryAttempt),
  };
}

/** A row of the returns screen: the order, and the attempt that failed today in that view. */
export function toAdminReturnRow(
  row: AdminOrderRow & { attempt: DeliveryAttemptRow | null },
): AdminReturnRow {
  return {
    ...toAdminOrder(row),
    ...toAdminReturnFields(row),
    attempt: row.attempt && toDeliveryAttempt(row.attempt),
  };
}

export function toAdminPayment({ payment, trackingNumber }: PaymentListRow): AdminPayment {
  return {
    id: payment.id,
    orderId: payment.orderId,
    trackingNumber,
    date: (payment.paidAt ?? payment.createdAt).toISOString(),
    amount: centimesToMad(payment.amountCentimes),
    currency: payment.currency,
    status: payment.status,
    paymentMethod: payment.method,
    paidAt: iso(payment.paidAt),
    createdAt: payment.createdAt.toISOString(),
  };
}

export const adminOrderCsvColumns: CsvColumn<AdminOrder>[] = [
  { header: 'csv.order_id', value: (o) => o.id },
  { header: 'csv.tracking_number', value: (o) => o.trackingNumber },
  { header: 'csv.status', value: (o) => o.status },
  { header: 'csv.customer', value: (o) => o.user.name },
  { header: 'csv.customer_email', value: (o) => o.customer.email },
  { header: 'csv.pickup', value: (o) => o.origin.address },
  { header: 'csv.delivery', value: (o) => o.destination.address },
  { header: 'csv.weight_kg', value: (o) => o.weight },
  { header: 'csv.price_mad', value: (o) => o.price },
  { header: 'order.csv_cod_amount_mad', value: (o) => o.codAmount },
  { header: 'order.csv_fee_paid_by', value: (o) => o.feePaidBy },
  { header: 'order.csv_declared_value_mad', value: (o) => o.declaredValue },
  { header: 'order.csv_amount_to_collect_mad', value: (o) => o.amountToCollect },
  { header: 'csv.truck', value: (o) => o.truckNumber },
  { header: 'csv.driver', value: (o) => o.driver?.name },
  { header: 'csv.payment_status', value: (o) => o.payment.status },
  { header: 'csv.payment_method', value: (o) => o.payment.method },
  { header: 'csv.created_at', value: (o) => o.createdAt },
  { header: 'csv.exit_date', value: (o) => o.exitDate },
  { header: 'csv.delivery_date', value: (o) => o.delivery_date },
  { header: 'csv.cancellation_reason', value: (o) => o.cancellationReason },
];

export const adminPaymentCsvColumns: CsvColumn<AdminPayment>[] = [
  { header: 'csv.transaction_id', value: (p) => p.id },
  { header: 'csv.order_id', value: (p) => p.orderId },
  { header: 'csv.tracking_number', value: (p) => p.trackingNumber },
  { header: 'csv.date', value: (p) => p.date },
  { header: 'csv.amount_mad', value: (p) => p.amount },
  { header: 'csv.currency', value: (p) => p.currency },
  { header: 'csv.payment_status', value: (p) => p.status },
  { header: 'csv.payment_method', value: (p) => p.paymentMethod },
];

export const adminReturnCsvColumns: CsvColumn<AdminReturnRow>[] = [
  ...adminOrderCsvColumns,
  { header: 'returns.csv_failed_attempts', value: (o) => o.failedAttempts },
  { header: 'returns.csv_attempt_reason', value: (o) => o.attempt?.reason },
  { header: 'returns.csv_attempt_at', value: (o) => o.attempt?.at },
  { header: 'returns.csv_awaiting_decision_since', value: (o) => o.awaitingDecisionSince },
  { header: 'returns.csv_return_reason', value: (o) => o.returnReason },
  { header: 'returns.csv_return_started_at', value: (o) => o.returnStartedAt },
  { header: 'returns.csv_returned_at', value: (o) => o.returnedAt },
];
