import { describe, expect, it } from 'vitest';
import { composeOrderNotice, type OrderNoticeFacts } from './order-notice-text';

const facts: OrderNoticeFacts = {
  trackingNumber: 'MA-7K3Q-9ZP2',
  pickupLoc: 'Casablanca',
  deliveryLoc: 'Rabat',
};

describe('composeOrderNotice', () => {
  it('tells a placed order without an SMS', () => {
    expect(composeOrderNotice('placed', facts)).toEqual({
      title: 'We received your order MA-7K3Q-9ZP2',
      body: 'Casablanca → Rabat. We will confirm it and assign a truck shortly.',
    });
  });

  it('tells the truck and the estimated delivery in Morocco time', () => {
    const notice = composeOrderNotice('dispatched', {
      ...facts,
      truckNumber: '12345-A-6',
      // 13:30 UTC is 14:30 in Casablanca (UTC+1) outside Ramadan.
      estimatedDelivery: '2026-01-12T13:30:00.000Z',
    });
    expect(notice.title).toBe('Your order MA-7K3Q-9ZP2 is on the road');
    expect(notice.body).toBe(
      'Casablanca → Rabat, truck 12345-A-6. Estimated delivery 12 Jan 2026, 14:30.',
    );
    expect(notice.sms).toContain('MA-7K3Q-9ZP2 (Casablanca → Rabat) is on the road');
  });

  it('gives the receiver the delivery code in the dispatch SMS only', () => {
    const withCode = { ...facts, deliveryCode: '042917' };
    const notice = composeOrderNotice('dispatched', withCode);
    expect(notice.sms).toMatch(/ Give the driver this delivery code: 042917\.$/);
    expect(`${notice.title} ${notice.body}`).not.toContain('042917');
    expect(composeOrderNotice('dispatched', facts).sms).not.toContain('delivery code');
  });

  it('tells a delivery with an SMS and a cancellation with its reason when given', () => {
    const delivered = composeOrderNotice('delivered', {
      ...facts,
      deliveredAt: '2026-01-12T13:30:00.000Z',
    });
    expect(delivered.title).toBe('Your order MA-7K3Q-9ZP2 has been delivered');
    expect(delivered.sms).toBeDefined();
    expect(composeOrderNotice('cancelled', { ...facts, reason: 'Truck breakdown' }).body).toBe(
      'Casablanca → Rabat. Reason: Truck breakdown',
    );
    const cancelled = composeOrderNotice('cancelled', facts);
    expect(cancelled.body).toBe('Casablanca → Rabat.');
    expect(cancelled.sms).toBeUndefined();
  });

  it('tells a failed delivery attempt with its reason', () => {
    expect(composeOrderNotice('delivery-failed', { ...facts, reason: 'Receiver absent' })).toEqual({
      title: 'Delivery of your order MA-7K3Q-9ZP2 did not succeed',
      body: 'Casablanca → Rabat. Reason: Receiver absent. The driver will try again.',
    });
  });
});
