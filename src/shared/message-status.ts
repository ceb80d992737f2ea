import type { Tone } from './order-status';

/** How an outgoing message travels: the outbox's two channels (docs/architecture.md). */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Every kind of outbox row: the messages above, and the webhook deliveries of the shippers' API
 * (docs/decisions/0021-shippers-api.md), which are the merchant's and never on the office's
 * Messages screen.
 */
export const OUTBOX_CHANNELS = [...MESSAGE_CHANNELS, 'webhook'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** queued: waiting for its (next) attempt; sent: handed to SMTP or the SMS gateway; failed: given up. */
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Waiting is amber like a pending order, sent green like a delivered one, failed red. */
export const MESSAGE_STATUS_TONES: Readonly<Record<MessageStatus, Tone>> = {
  queued: 'amber',
  sent: 'green',
  failed: 'red',
};
