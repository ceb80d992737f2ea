import { ORDER_EVENT_KINDS, type OrderEventKind } from '../../shared/order-lifecycle';
import type { MessageChannel } from '../../shared/message-status';
import { composeOrderNotice, type OrderNoticeFacts } from './order-notice-text';
import { composeDriverSignInCodeSms } from './driver-sign-in-text';
import { composePasswordResetMail } from './password-reset-text';

/**
 * Every message the product sends, by template key. An outbox row stores the key and the
 * parameters; the text is made here when the row is sent, in the recipient's language
 * (docs/architecture.md, "The outbox"). English is the only language until French and Arabic land.
 */
export type MessageParams = Record<string, string>;

export interface MailContent {
  subject: string;
  text: string;
  html?: string;
}

export interface SmsContent {
  text: string;
}

export interface RenderContext {
  publicUrl: string;
}

interface MessageTemplate<Channel extends MessageChannel> {
  channel: Channel;
  /**
   * Parameters that are secrets (a reset link): removed from the row once it is sent or given
   * up, and the reason such a message cannot be sent again by hand.
   */
  secretParams?: readonly string[];
  render(
    params: MessageParams,
    context: RenderContext,
  ): Channel extends 'email' ? MailContent : SmsContent;
}

type AnyTemplate = MessageTemplate<'email'> | MessageTemplate<'sms'>;

export const PASSWORD_RESET_TEMPLATE = 'password-reset';
export const DRIVER_SIGN_IN_CODE_TEMPLATE = 'driver-sign-in-code';
export const orderMailTemplate = (kind: OrderEventKind) => `order-${kind}`;
export const receiverSmsTemplate = (kind: OrderEventKind) => `receiver-${kind}`;

function orderFacts(params: MessageParams): OrderNoticeFacts {
  return {
    trackingNumber: params.trackingNumber ?? '',
    pickupLoc: params.pickupLoc ?? '',
    deliveryLoc: params.deliveryLoc ?? '',
    truckNumber: params.truckNumber,
    estimatedDelivery: params.estimatedDelivery,
    deliveredAt: params.deliveredAt,
    reason: params.reason,
    deliveryCode: params.deliveryCode,
  };
}

function orderMail(kind: OrderEventKind): MessageTemplate<'email'> {
  return {
    channel: 'email',
    render(params, { publicUrl }) {
      const { title, body } = composeOrderNotice(kind, orderFacts(params));
      const text = [
        'Hello,',
        '',
        `${title}.`,
        body,
        '',
        `Your notifications: ${publicUrl}/dashboard/notifications`,
        '',
        'Atlas Freight',
      ].join('\n');
      return { subject: title, text };
    },
  };
}

/** The dispatch SMS carries the delivery code, which must not outlive its sending. */
const DELIVERY_CODE_PARAM = 'deliveryCode';

function receiverSms(kind: OrderEventKind): MessageTemplate<'sms'> {
  return {
    channel: 'sms',
    ...(kind === 'dispatched' && { secretParams: [DELIVERY_CODE_PARAM] }),
    render: (params) => ({ text: composeOrderNotice(kind, orderFacts(params)).sms ?? '' }),
  };
}

const templates = new Map<string, AnyTemplate>([
  [
    PASSWORD_RESET_TEMPLATE,
    {
      channel: 'email',
      secretParams: ['resetLink'],
      render: (params) => composePasswordResetMail(params.resetLink ?? ''),
    },
  ],
  [
    DRIVER_SIGN_IN_CODE_TEMPLATE,
    {
      channel: 'sms',
      secretParams: ['code'],
      render: (params) => ({ text: composeDriverSignInCodeSms(params.code ?? '') }),
    },
  ],
  ...ORDER_EVENT_KINDS.map((kind): [string, AnyTemplate] => [
    orderMailTemplate(kind),
    orderMail(kind),
  ]),
  ...ORDER_EVENT_KINDS.map((kind): [string, AnyTemplate] => [
    receiverSmsTemplate(kind),
    receiverSms(kind),
  ]),
  // Rows from before templates existed keep the text they were written with (migration 0002).
  [
    'legacy',
    {
      channel: 'email',
      render: (params) => ({ subject: params.subject ?? '', text: params.text ?? '' }),
    },
  ],
]);

export class UnknownTemplateError extends Error {}

export interface RenderedMessage {
  channel: MessageChannel;
  subject?: string;
  text: string;
  html?: string;
}

export function renderMessage(
  template: string,
  channel: MessageChannel,
  params: MessageParams,
  context: RenderContext,
): RenderedMessage {
  const found = templates.get(template);
  if (!found) throw new UnknownTemplateError(`Unknown message template ${template}`);
  if (template === 'legacy') return { channel, ...found.render(params, context) };
  if (found.channel !== channel) {
    throw new UnknownTemplateError(`Template ${template} is not a ${channel} message`);
  }
  return { channel, ...found.render(params, context) };
}

export function secretParamsOf(template: string): readonly string[] {
  return templates.get(template)?.secretParams ?? [];
}
