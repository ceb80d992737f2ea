import type { Locale } from '#shared/i18n/locales';
import { ORDER_EVENT_KINDS, type OrderEventKind } from '#shared/order-lifecycle';
import type { MessageChannel } from '#shared/message-status';
import { ORG_ROLES, type OrgRole } from '#shared/organization-roles';
import { composeDriverSignInCodeSms } from './driver-sign-in-text';
import { composeInvitationMail } from './invitation-text';
import { messageText } from './message-text';
import { composeOrderNotice, orderFactsOf } from './order-notice-text';
import { composePasswordResetMail } from './password-reset-text';
import { composePayoutPaidMail, payoutPaidFactsOf } from './payout-paid-text';
import { composeWebhookDisabledMail, webhookDisabledFactsOf } from './webhook-disabled-text';

/**
 * Every message the product sends, by template key. An outbox row stores the key, the
 * parameters and the recipient's language; the text is made here when the row is sent, in that
 * language (docs/architecture.md, "The outbox"; docs/decisions/0010-languages.md).
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
    locale: Locale,
  ): Channel extends 'email' ? MailContent : SmsContent;
}

type AnyTemplate = MessageTemplate<'email'> | MessageTemplate<'sms'>;

export const PASSWORD_RESET_TEMPLATE = 'password-reset';
export const DRIVER_SIGN_IN_CODE_TEMPLATE = 'driver-sign-in-code';
export const INVITATION_TEMPLATE = 'organization-invitation';
export const PAYOUT_PAID_TEMPLATE = 'payout-paid';
export const WEBHOOK_DISABLED_TEMPLATE = 'webhook-disabled';
export const orderMailTemplate = (kind: OrderEventKind) => `order-${kind}`;
export const receiverSmsTemplate = (kind: OrderEventKind) => `receiver-${kind}`;

function orderMail(kind: OrderEventKind): MessageTemplate<'email'> {
  return {
    channel: 'email',
    ...(kind === 'return-started' && { secretParams: ['returnCode'] }),
    render(params, { publicUrl }, locale) {
      const { title, body } = composeOrderNotice(kind, orderFactsOf(params), locale);
      const text = [
        messageText(locale, 'orderMail.greeting'),
        '',
        messageText(locale, 'orderMail.titleLine', { title }),
        body,
        '',
        messageText(locale, 'orderMail.notificationsLink', {
          url: `${publicUrl}/dashboard/notifications`,
        }),
        '',
        messageText(locale, 'orderMail.signature'),
      ].join('\n');
      return { subject: title, text };
    },
  };
}

/**
 * The dispatch SMS carries the delivery code, and the receiver's SMS their link: neither may
 * outlive its sending (nor may the return code of the return's mail).
 */
const RECEIVER_SMS_SECRETS = ['deliveryCode', 'receiverLink'];
const RECEIVER_SMS_WITH_SECRETS: readonly OrderEventKind[] = ['dispatched', 'delivery-failed'];

function receiverSms(kind: OrderEventKind): MessageTemplate<'sms'> {
  return {
    channel: 'sms',
    // Only these steps' SMS carry a secret: one without any may be sent again by the office.
    ...(RECEIVER_SMS_WITH_SECRETS.includes(kind) && { secretParams: RECEIVER_SMS_SECRETS }),
    render: (params, _context, locale) => ({
      text: composeOrderNotice(kind, orderFactsOf(params), locale).sms ?? '',
    }),
  };
}

const templates = new Map<string, AnyTemplate>([
  [
    PASSWORD_RESET_TEMPLATE,
    {
      channel: 'email',
      secretParams: ['resetLink'],
      render: (params, _context, locale) =>
        composePasswordResetMail(params.resetLink ?? '', locale),
    },
  ],
  [
    INVITATION_TEMPLATE,
    {
      channel: 'email',
      secretParams: ['invitationLink'],
      render: (params, _context, locale) =>
        composeInvitationMail(
          {
            link: params.invitationLink ?? '',
            organization: params.organization ?? '',
            role: (ORG_ROLES as readonly string[]).includes(params.role ?? '')
              ? (params.role as OrgRole)
              : 'staff',
          },
          locale,
        ),
    },
  ],
  [
    DRIVER_SIGN_IN_CODE_TEMPLATE,
    {
      channel: 'sms',
      secretParams: ['code'],
      render: (params, _context, locale) => ({
        text: composeDriverSignInCodeSms(params.code ?? '', locale),
      }),
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
  [
    PAYOUT_PAID_TEMPLATE,
    {
      channel: 'email',
      render: (params, { publicUrl }, locale) =>
        composePayoutPaidMail(payoutPaidFactsOf(params), publicUrl, locale),
    },
  ],
  [
    WEBHOOK_DISABLED_TEMPLATE,
    {
      channel: 'email',
      render: (params, { publicUrl }, locale) =>
        composeWebhookDisabledMail(webhookDisabledFactsOf(params), publicUrl, locale),
    },
  ],
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

/** In `locale`; English for a row whose language is not (or no longer) one of the product's. */
export function renderMessage(
  template: string,
  channel: MessageChannel,
  params: MessageParams,
  context: RenderContext,
  locale: Locale = 'en',
): RenderedMessage {
  const found = templates.get(template);
  if (!found) throw new UnknownTemplateError(`Unknown message template ${template}`);
  if (template === 'legacy') return { channel, ...found.render(params, context, locale) };
  if (found.channel !== channel) {
    throw new UnknownTemplateError(`Template ${template} is not a ${channel} message`);
  }
  return { channel, ...found.render(params, context, locale) };
}

export function secretParamsOf(template: string): readonly string[] {
  return templates.get(template)?.secretParams ?? [];
}
