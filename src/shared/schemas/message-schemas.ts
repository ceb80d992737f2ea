/**
 * The outbox seen from the back office (docs/architecture.md, "The outbox"): every mail and SMS
 * the product sends is a row, listed and retried by an administrator.
 *
 *   GET  /admin/messages            ?MessageListQuerySchema → AdminMessage[] (X-Total-Count)
 *   GET  /admin/messages/export.csv same filters → CSV
 *   POST /admin/messages/:id/retry  → RetryMessageResultSchema (404 unknown, 409 not failed)
 */
import { z } from 'zod';
import { ListQuerySchema } from './list-schemas';
import { statusListField } from './status-list-field';

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** queued: waiting for its (next) attempt; sent: handed to SMTP or the SMS gateway; failed: given up. */
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * `?status=&q=&page=&pageSize=`. q finds the messages to one recipient (the whole email address,
 * or a phone number in any usual form) or about one order (its tracking number).
 */
export const MessageListQuerySchema = ListQuerySchema.extend({
  status: statusListField(MESSAGE_STATUSES, (value) => value.toLowerCase()),
});
export type MessageListQuery = z.output<typeof MessageListQuerySchema>;

const timestamp = z.iso.datetime({ offset: true });

export const AdminMessageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** The email or phone number with most of it hidden (`a***@example.com`, `+*********78`). */
  recipient: z.string(),
  /** Which message it is (`order-dispatched`, `password-reset` …), rendered when sent. */
  template: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** When a queued message is next tried; null once sent or failed. */
  nextAttemptAt: timestamp.nullable(),
  sentAt: timestamp.nullable(),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;

export const RetryMessageResultSchema = z.object({
  message: z.string(),
  item: AdminMessageSchema,
});
export type RetryMessageResult = z.infer<typeof RetryMessageResultSchema>;
