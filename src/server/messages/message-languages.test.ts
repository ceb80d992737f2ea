import { describe, expect, it } from 'vitest';
import { ORDER_EVENT_KINDS } from '#shared/order-lifecycle';
import { composeDriverSignInCodeSms } from './driver-sign-in-text';
import {
  DRIVER_SIGN_IN_CODE_TEMPLATE,
  orderMailTemplate,
  PASSWORD_RESET_TEMPLATE,
  receiverSmsTemplate,
  renderMessage,
} from './message-templates';
import { composeOrderNotice, isTextedToReceiver, type OrderNoticeFacts } from './order-notice-text';
import { composePasswordResetMail } from './password-reset-text';

const facts: OrderNoticeFacts = {
  trackingNumber: 'MA-7K3Q-9ZP2',
  pickupLoc: 'Casablanca',
  deliveryLoc: 'Rabat',
  truckNumber: '12345-A-6',
  // 14:30 in Casablanca.
  estimatedDelivery: '2026-01-12T13:30:00.000Z',
  deliveredAt: '2026-01-12T13:30:00.000Z',
};
const params = {
  trackingNumber: facts.trackingNumber,
  pickupLoc: facts.pickupLoc,
  deliveryLoc: facts.deliveryLoc,
  truckNumber: '12345-A-6',
  estimatedDelivery: '2026-01-12T13:30:00.000Z',
};
const context = { publicUrl: 'https://atlas.test' };

describe('English texts stay the specification’s, byte for byte', () => {
  it('writes the order mail as before', () => {
    expect(renderMessage(orderMailTemplate('dispatched'), 'email', params, context)).toEqual({
      channel: 'email',
      subject: 'Your order MA-7K3Q-9ZP2 is on the road',
      text: [
        'Hello,',
        '',
        'Your order MA-7K3Q-9ZP2 is on the road.',
        'Casablanca → Rabat, truck 12345-A-6. Estimated delivery 12 Jan 2026, 14:30.',
        '',
        'Your notifications: https://atlas.test/dashboard/notifications',
        '',
        'Atlas Freight',
      ].join('\n'),
    });
  });

  it('writes the receiver’s SMS, the password reset mail and the driver’s code as before', () => {
    expect(
      renderMessage(
        receiverSmsTemplate('dispatched'),
        'sms',
        { ...params, deliveryCode: '042917' },
        context,
      ).text,
    ).toBe(
      'Atlas Freight: parcel MA-7K3Q-9ZP2 (Casablanca → Rabat) is on the road. Estimated delivery 12 Jan 2026, 14:30. Give the driver this delivery code: 042917.',
    );
    const link = 'https://atlas.test/reset-password/abc';
    expect(composePasswordResetMail(link)).toEqual({
      subject: 'Reset your Atlas Freight password',
      text: [
        'Hello,',
        '',
        'We received a request to reset the password of your Atlas Freight account.',
        'Open this link to choose a new password. It expires in 1 hour and works once:',
        '',
        link,
        '',
        'If you did not ask for this, you can ignore this email: your password stays the same.',
        '',
        'Atlas Freight',
      ].join('\n'),
      html: `<p>Hello,</p>
<p>We received a request to reset the password of your Atlas Freight account.</p>
<p><a href="${link}">Choose a new password</a></p>
<p>This link expires in 1 hour and works once. If the button does not work, copy this address into your browser:<br>${link}</p>
<p>If you did not ask for this, you can ignore this email: your password stays the same.</p>
<p>Atlas Freight</p>`,
    });
    expect(
      renderMessage(DRIVER_SIGN_IN_CODE_TEMPLATE, 'sms', { code: '123456' }, context).text,
    ).toBe('Atlas Freight: your sign-in code is 123456. It expires in 10 minutes.');
  });
});

describe('French and Arabic', () => {
  it('write an order’s notice, its date in the language, the typed reason as typed', () => {
    expect(composeOrderNotice('dispatched', facts, 'fr')).toEqual({
      title: 'Votre commande MA-7K3Q-9ZP2 est en route',
      body: 'Casablanca → Rabat, camion 12345-A-6. Livraison estimée le 12 jan. 2026, 14:30.',
      sms: 'Atlas Freight : le colis MA-7K3Q-9ZP2 (Casablanca → Rabat) est en route. Livraison estimée le 12 jan. 2026, 14:30.',
    });
    const cancelled = composeOrderNotice(
      'cancelled',
      { ...facts, reason: 'Truck breakdown' },
      'ar',
    );
    expect(cancelled.title).toBe('تم إلغاء طلبك MA-7K3Q-9ZP2');
    expect(cancelled.body).toMatch(/\. السبب: Truck breakdown$/);
    expect(composeOrderNotice('delivered', facts, 'ar').body).toContain('2026');
  });

  it('name the cities in the reader’s language, from the canonical names stored', () => {
    expect(composeOrderNotice('placed', facts, 'ar').body).toBe(
      'الدار البيضاء ← الرباط. سنؤكده ونخصص له شاحنة قريبًا.',
    );
    const toFes = { ...facts, deliveryLoc: 'Fes' };
    expect(composeOrderNotice('placed', toFes, 'fr').body).toMatch(/^Casablanca → Fès\. /);
    expect(composeOrderNotice('placed', toFes).body).toMatch(/^Casablanca → Fes\. /);
  });

  it('write the mails and SMS in the row’s language', () => {
    const mail = renderMessage(orderMailTemplate('placed'), 'email', params, context, 'fr');
    expect(mail.subject).toBe('Nous avons bien reçu votre commande MA-7K3Q-9ZP2');
    expect(mail.text).toMatch(/^Bonjour,\n/);
    expect(mail.text).toContain('Vos notifications : https://atlas.test/dashboard/notifications');
    const reset = renderMessage(
      PASSWORD_RESET_TEMPLATE,
      'email',
      { resetLink: 'https://x/y' },
      context,
      'ar',
    );
    expect(reset.subject).toBe('أعد تعيين كلمة مرور حسابك في Atlas Freight');
    expect(reset.html).toMatch(/^<div dir="rtl" lang="ar">/);
    expect(reset.html).toContain('<a href="https://x/y">');
    expect(composeDriverSignInCodeSms('123456', 'ar')).toContain('123456');
    expect(composeDriverSignInCodeSms('123456', 'fr')).toBe(
      'Atlas Freight : votre code de connexion est 123456. Il expire dans 10 minutes.',
    );
  });
});

describe('isTextedToReceiver', () => {
  it("names exactly the notices that have an SMS, with and without the receiver's link", () => {
    for (const receiverLink of [undefined, 'https://atlas.example/r/abc']) {
      for (const kind of ORDER_EVENT_KINDS) {
        const withLink = { ...facts, receiverLink };
        expect(isTextedToReceiver(kind, withLink), `${kind} ${receiverLink}`).toBe(
          composeOrderNotice(kind, withLink).sms !== undefined,
        );
      }
    }
  });
});
