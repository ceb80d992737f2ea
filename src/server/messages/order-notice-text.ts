import { BUSINESS_TIME_ZONE } from '../../shared/business-calendar';
import type { OrderEventKind } from '../../shared/order-lifecycle';

/**
 * The facts a notice about an order tells, all as text: they are stored as an outbox message's
 * parameters and rendered when the message is sent (docs/architecture.md, "The outbox").
 */
export interface OrderNoticeFacts {
  trackingNumber: string;
  pickupLoc: string;
  deliveryLoc: string;
  truckNumber?: string;
  /** ISO 8601 instants. */
  estimatedDelivery?: string;
  deliveredAt?: string;
  /** Why an order was cancelled or a delivery failed. */
  reason?: string;
  /**
   * The receiver's delivery code, in the dispatch SMS only: a secret of that template, never in
   * a mail or an in-app notice (docs/decisions/0009-drivers.md, "Proof of delivery").
   */
  deliveryCode?: string;
}

export interface OrderNoticeText {
  title: string;
  body: string;
  /** For the receiver's phone; only the changes a receiver waits for have one. */
  sms?: string;
}

// Times are read in Morocco, where the trucks run, whatever the server's own zone.
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});
const formatInstant = (iso: string | undefined) => (iso ? timeFormat.format(new Date(iso)) : '');

export function composeOrderNotice(kind: OrderEventKind, facts: OrderNoticeFacts): OrderNoticeText {
  const number = facts.trackingNumber;
  const route = `${facts.pickupLoc} → ${facts.deliveryLoc}`;
  switch (kind) {
    case 'placed':
      return {
        title: `We received your order ${number}`,
        body: `${route}. We will confirm it and assign a truck shortly.`,
      };
    case 'dispatched': {
      const eta = formatInstant(facts.estimatedDelivery);
      return {
        title: `Your order ${number} is on the road`,
        body: `${route}, truck ${facts.truckNumber ?? ''}. Estimated delivery ${eta}.`,
        sms:
          `Atlas Freight: parcel ${number} (${route}) is on the road. Estimated delivery ${eta}.` +
          (facts.deliveryCode ? ` Give the driver this delivery code: ${facts.deliveryCode}.` : ''),
      };
    }
    case 'picked-up':
      return {
        title: `Your order ${number} was picked up`,
        body: `${route}. The driver has your parcel.`,
      };
    case 'delivered': {
      const at = formatInstant(facts.deliveredAt);
      return {
        title: `Your order ${number} has been delivered`,
        body: `${route}, delivered ${at}.`,
        sms: `Atlas Freight: parcel ${number} (${route}) was delivered ${at}.`,
      };
    }
    case 'delivery-failed':
      return {
        title: `Delivery of your order ${number} did not succeed`,
        body: facts.reason
          ? `${route}. Reason: ${facts.reason}. The driver will try again.`
          : `${route}. The driver will try again.`,
      };
    case 'cancelled':
      return {
        title: `Your order ${number} was cancelled`,
        body: facts.reason ? `${route}. Reason: ${facts.reason}` : `${route}.`,
      };
  }
}

/** Which notices also go by mail to the customer (all but the driver's pickup, in the app only). */
export function isMailedToCustomer(kind: OrderEventKind): boolean {
  return kind !== 'picked-up';
}
