import { centimesToMad } from '#shared/money';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import { isDeliveryCodeLocked } from './delivery-code';
import type { DriverOrderRow } from '../orders/order-reads';
import { toOrderAttempts, toOrderMoney } from '../orders/order-view';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the driver's page shows of one order: where, to whom, what to collect, what is next. */
export function toDriverOrder({
  order,
  paymentMethod,
  senderName,
  senderPhone,
  takeBack,
}: DriverOrderRow): DriverOrder {
  const method = paymentMethod ?? 'cash_on_delivery';
  const onTheRoad = order.status === 'IN_TRANSIT';
  const returning = order.status === 'RETURNING';
  return {
    id: order.id,
    trackingNumber: order.trackingNumber,
    status: order.status,
    nextStep: returning ? 'return' : onTheRoad ? (order.pickedUpAt ? 'deliver' : 'pickup') : null,
    pickup: {
      city: order.pickupLoc,
      address: order.pickupAddress,
      lat: order.pickupLat,
      lng: order.pickupLng,
    },
    delivery: {
      city: order.deliveryLoc,
      address: order.deliveryAddress,
      lat: order.deliveryLat,
      lng: order.deliveryLng,
    },
    receiver: { name: order.receiverName, phone: order.receiverPhone },
    cargoType: order.cargoType,
    weight: Number(order.weightKg),
    quantity: order.quantity,
    shipmentInfo: order.shipmentInfo,
    paymentMethod: method,
    // A parcel going back collects nothing (docs/decisions/0023-failed-deliveries-and-returns.md).
    cashToCollect:
      !returning && order.amountToCollectCentimes > 0
        ? centimesToMad(order.amountToCollectCentimes)
        : null,
    ...toOrderMoney(order),
    cashCollected:
      order.cashCollectedCentimes === null ? null : centimesToMad(order.cashCollectedCentimes),
    ...toOrderAttempts(order),
    returnTo: returning
      ? {
          name: senderName ?? '',
          phone: senderPhone,
          city: order.pickupLoc,
          address: order.pickupAddress,
        }
      : null,
    takeBack: onTheRoad ? takeBack : null,
    deliveryCodeLocked: isDeliveryCodeLocked(order),
    pickedUpAt: iso(order.pickedUpAt),
    deliveredAt: iso(order.deliveryDate),
    exitDate: iso(order.exitDate),
    estimatedDelivery: iso(order.estimatedDelivery),
  };
}
