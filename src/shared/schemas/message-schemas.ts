/**
 * The outbox seen from the back office (docs/architecture.md, "The outbox"): every mail and SMS
 * the product sends is a row, listed and retried by an administrator.
 *
 *   GET  /admin/messages            ?MessageListQuerySchema → AdminMessage[] (X-Total-Count)
 *   GET  /admin/messages/export.csv same filters → CSV
 *   POST /admin/messages/:id/retry  → RetryMessageResultSchema (404 unknown, 409 not failed)
 */
import { z } from 'zod';
import { listQueryShape, withPageCap } from './list-schemas';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../message-status';
import { statusListField } from './status-list-field';

/**
 * `?status=&q=&page=&pageSize=`. q finds the messages to one recipient (the whole email address,
 * or a phone number in any usual form) or about one order (its tracking number).
 */
export const MessageListQuerySchema = withPageCap(
  z.object({
    ...listQueryShape,
    status: statusListField(MESSAGE_STATUSES, (value) => value.toLowerCase()),
  }),
);
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
  /**
   * The text of an SMS no gateway sent (a local run without SMS_URL, never in production), so
   * the office can read a driver's sign-in code; null otherwise.
   */
  localText: z.string().nullable(),
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
