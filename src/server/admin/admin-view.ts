import { cashShortfallCentimes, centimesToMad } from '#shared/money';
import type { AdminOrder, AdminOrderDetail, AdminPayment } from '#shared/schemas/admin-schemas';
import type { OrderMapFields } from '#shared/schemas/map-schemas';
import { isDeliveryCodeLocked } from '../drivers/delivery-code';
import type { CsvColumn } from '../http/csv';
import { currentLocationOf, toTimelineEvent } from '../orders/order-view';
import { emailOfAccount } from '../users/email-accounts';
import type { AdminOrderRow, TrackingEventRow } from '../orders/order-reads';
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
  const shortfall = cashShortfallCentimes(order.priceCentimes, collected);
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
    payment: {
      amount: payment ? centimesToMad(payment.amountCentimes) : price,
      status: payment?.status ?? 'unpaid',
      method: payment?.method ?? 'cash_on_delivery',
      paidAt: iso(payment?.paidAt ?? null),
    },
  };
}

export function toAdminOrderDetail(
  row: AdminOrderRow,
  events: TrackingEventRow[],
  map: OrderMapFields,
): AdminOrderDetail {
  return { ...toAdminOrder(row), timeline: events.map(toTimelineEvent), ...map };
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
  { header: 'Order ID', value: (o) => o.id },
  { header: 'Tracking number', value: (o) => o.trackingNumber },
  { header: 'Status', value: (o) => o.status },
  { header: 'Customer', value: (o) => o.user.name },
  { header: 'Customer email', value: (o) => o.customer.email },
  { header: 'Pickup', value: (o) => o.origin.address },
  { header: 'Delivery', value: (o) => o.destination.address },
  { header: 'Weight (kg)', value: (o) => o.weight },
  { header: 'Price (MAD)', value: (o) => o.price },
  { header: 'Truck', value: (o) => o.truckNumber },
  { header: 'Driver', value: (o) => o.driver?.name },
  { header: 'Payment status', value: (o) => o.payment.status },
  { header: 'Payment method', value: (o) => o.payment.method },
  { header: 'Created at', value: (o) => o.createdAt },
  { header: 'Exit date', value: (o) => o.exitDate },
  { header: 'Delivery date', value: (o) => o.delivery_date },
  { header: 'Cancellation reason', value: (o) => o.cancellationReason },
];

export const adminPaymentCsvColumns: CsvColumn<AdminPayment>[] = [
  { header: 'Transaction ID', value: (p) => p.id },
  { header: 'Order ID', value: (p) => p.orderId },
  { header: 'Tracking number', value: (p) => p.trackingNumber },
  { header: 'Date', value: (p) => p.date },
  { header: 'Amount (MAD)', value: (p) => p.amount },
  { header: 'Currency', value: (p) => p.currency },
  { header: 'Payment status', value: (p) => p.status },
  { header: 'Payment method', value: (p) => p.paymentMethod },
];
