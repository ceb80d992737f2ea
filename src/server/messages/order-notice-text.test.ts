import { describe, expect, it } from 'vitest';
import { composeOrderNotice, type OrderNoticeFacts } from './order-notice-text';

const facts: OrderNoticeFacts = {
  trackingNumber: 'MA-7K3Q-9ZP2',
  pickupLoc: 'Casablanca',
  deliveryLoc: 'Rabat',
  truckNumber: '12345-A-6',
  estimatedDelivery: '2026-01-12T13:30:00.000Z',
  deliveryCode: '042917',
};

describe('the dispatch SMS states what the receiver pays at the door', () => {
  it('in the recipient’s language, when there is something to pay', () => {
    const withAmount = { ...facts, amountToPay: '385.5' };
    expect(composeOrderNotice('dispatched', withAmount, 'en').sms).toMatch(
      /delivery 12 Jan 2026, 14:30\. Pay 385\.50 MAD in cash at delivery\. Give the driver this delivery code: 042917\.$/,
    );
    expect(composeOrderNotice('dispatched', withAmount, 'fr').sms).toContain(
      'Montant à payer en espèces à la livraison : 385,50',
    );
    expect(composeOrderNotice('dispatched', withAmount, 'ar').sms).toContain(
      'المبلغ الواجب دفعه نقدًا عند التسليم',
    );
  });

  it('says nothing of money when nothing is to pay', () => {
    for (const amountToPay of [undefined, '0']) {
      const sms = composeOrderNotice('dispatched', { ...facts, amountToPay }, 'en').sms!;
      expect(sms).not.toMatch(/Pay/);
      expect(sms).toMatch(/delivery code: 042917\.$/);
    }
  });
});
