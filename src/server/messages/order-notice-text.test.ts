import { describe, expect, it } from 'vitest';
import { composeOrderNotice, type NoticeOrder } from './order-notice-text';

const order: NoticeOrder = {
  id: '5f0c3a52-2b0e-4d8e-9a51-0c4f1f7d2a10',
  userId: '0b7e6a1c-8f3d-4c2a-b1e9-7d5a3c2f1e00',
  trackingNumber: 'MA-7K3Q-9ZP2',
  pickupLoc: 'Casablanca',
  deliveryLoc: 'Rabat',
  receiverPhone: '+212612345678',
};

describe('composeOrderNotice', () => {
  it('tells a placed order without an SMS', () => {
    expect(composeOrderNotice(order, { status: 'PENDING' })).toEqual({
      title: 'We received your order MA-7K3Q-9ZP2',
      body: 'Casablanca → Rabat. We will confirm it and assign a truck shortly.',
    });
  });

  it('tells the truck and the estimated delivery in Morocco time', () => {
    const notice = composeOrderNotice(order, {
      status: 'IN_TRANSIT',
      truckNumber: '12345-A-6',
      // 13:30 UTC is 14:30 in Casablanca (UTC+1) outside Ramadan.
      estimatedDelivery: new Date('2026-01-12T13:30:00Z'),
    });
    expect(notice.title).toBe('Your order MA-7K3Q-9ZP2 is on the road');
    expect(notice.body).toBe(
      'Casablanca → Rabat, truck 12345-A-6. Estimated delivery 12 Jan 2026, 14:30.',
    );
    expect(notice.sms).toContain('MA-7K3Q-9ZP2 (Casablanca → Rabat) is on the road');
  });

  it('tells a delivery with an SMS and a cancellation with its reason when given', () => {
    const delivered = composeOrderNotice(order, {
      status: 'DELIVERED',
      deliveredAt: new Date('2026-01-12T13:30:00Z'),
    });
    expect(delivered.title).toBe('Your order MA-7K3Q-9ZP2 has been delivered');
    expect(delivered.sms).toBeDefined();
    expect(composeOrderNotice(order, { status: 'CANCELLED', reason: 'Truck breakdown' }).body).toBe(
      'Casablanca → Rabat. Reason: Truck breakdown',
    );
    const cancelled = composeOrderNotice(order, { status: 'CANCELLED', reason: null });
    expect(cancelled.body).toBe('Casablanca → Rabat.');
    expect(cancelled.sms).toBeUndefined();
  });
});
