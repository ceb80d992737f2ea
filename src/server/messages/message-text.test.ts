import { describe, expect, it } from 'vitest';
import { messageText } from './message-text';

describe('messageText', () => {
  it('fills the placeholders of a text in the language asked for', () => {
    expect(messageText('en', 'order.placed.title', { number: 'MA-1' })).toBe(
      'We received your order MA-1',
    );
    expect(messageText('fr', 'order.placed.title', { number: 'MA-1' })).toBe(
      'Nous avons bien reçu votre commande MA-1',
    );
    expect(messageText('ar', 'order.placed.title', { number: 'MA-1' })).toBe('تلقّينا طلبك MA-1');
  });

  it('leaves a typed value as typed, placeholders and dollar signs included', () => {
    expect(
      messageText('en', 'order.cancelled.bodyWithReason', {
        route: 'A → B',
        reason: '{{x}} $& $1',
      }),
    ).toBe('A → B. Reason: {{x}} $& $1');
  });

  it('writes a missing value as nothing rather than a placeholder', () => {
    expect(messageText('en', 'orderMail.notificationsLink')).toBe('Your notifications: ');
  });
});
