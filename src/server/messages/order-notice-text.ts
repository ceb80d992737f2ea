import { BUSINESS_TIME_ZONE } from '../../shared/business-calendar';

/** What a notice says about an order: who sees it and which route it is. */
export interface NoticeOrder {
  id: string;
  userId: string;
  trackingNumber: string;
  pickupLoc: string;
  deliveryLoc: string;
  receiverPhone: string | null;
}

/** The change the customer hears about, with the facts each one tells. */
export type OrderChange =
  | { status: 'PENDING' }
  | { status: 'IN_TRANSIT'; truckNumber: string; estimatedDelivery: Date }
  | { status: 'DELIVERED'; deliveredAt: Date }
  | { status: 'CANCELLED'; reason: string | null };

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

export function composeOrderNotice(order: NoticeOrder, change: OrderChange): OrderNoticeText {
  const number = order.trackingNumber;
  const route = `${order.pickupLoc} → ${order.deliveryLoc}`;
  switch (change.status) {
    case 'PENDING':
      return {
        title: `We received your order ${number}`,
        body: `${route}. We will confirm it and assign a truck shortly.`,
      };
    case 'IN_TRANSIT': {
      const eta = timeFormat.format(change.estimatedDelivery);
      return {
        title: `Your order ${number} is on the road`,
        body: `${route}, truck ${change.truckNumber}. Estimated delivery ${eta}.`,
        sms: `Atlas Freight: parcel ${number} (${route}) is on the road. Estimated delivery ${eta}.`,
      };
    }
    case 'DELIVERED': {
      const at = timeFormat.format(change.deliveredAt);
      return {
        title: `Your order ${number} has been delivered`,
        body: `${route}, delivered ${at}.`,
        sms: `Atlas Freight: parcel ${number} (${route}) was delivered ${at}.`,
      };
    }
    case 'CANCELLED':
      return {
        title: `Your order ${number} was cancelled`,
        body: change.reason ? `${route}. Reason: ${change.reason}` : `${route}.`,
      };
  }
}
