import { centimesToMad } from '#shared/money';
import type { ApiParcel } from '#shared/schemas/parcel-schemas';
import type { OrderRow } from '../orders/order-lifecycle';
import { toOrderAttempts } from '../orders/order-view';

/** Where a parcel's label is fetched (a `labels:read` key); absolute, for a shop's server. */
export function parcelLabelUrl(publicUrl: string, trackingNumber: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api/v1/parcels/${trackingNumber}/label`;
}

/**
 * An order as /api/v1 and its webhooks show it (docs/decisions/0021-shippers-api.md): the same
 * fields whichever way the order was made, so a shop reads the wizard's orders too.
 */
export function toApiParcel(order: OrderRow, publicUrl: string): ApiParcel {
  return {
    trackingNumber: order.trackingNumber,
    reference: order.reference,
    status: order.status,
    receiver: {
      name: order.receiverName,
      phone: order.receiverPhone,
      email: order.receiverEmail,
      address: order.deliveryAddress,
      city: order.deliveryLoc,
    },
    sender: { address: order.pickupAddress, city: order.pickupLoc },
    weight: Number(order.weightKg),
    dimensions: {
      length: Number(order.lengthCm),
      width: Number(order.widthCm),
      height: Number(order.heightCm),
    },
    priority: order.priority,
    cargoType: order.cargoType,
    description: order.shipmentInfo,
    notes: order.shipmentNote,
    price: centimesToMad(order.priceCentimes),
    codAmount: centimesToMad(order.codAmountCentimes),
    feePaidBy: order.feePaidBy,
    declaredValue:
      order.declaredValueCentimes === null ? null : centimesToMad(order.declaredValueCentimes),
    amountToCollect: centimesToMad(order.amountToCollectCentimes),
    distance: Number(order.distanceKm),
    pickedUpAt: order.pickedUpAt?.toISOString() ?? null,
    deliveredAt: order.deliveryDate?.toISOString() ?? null,
    cancelReason: order.cancelReason,
    labelUrl: parcelLabelUrl(publicUrl, order.trackingNumber),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    ...attemptsOf(order),
  };
}

/** The attempt fields of every read of an order, less the exchanged order's internal id. */
function attemptsOf(order: OrderRow) {
  const { exchangeOf: _internalId, ...fields } = toOrderAttempts(order);
  return fields;
}
