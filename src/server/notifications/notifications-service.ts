import type { FastifyBaseLogger } from 'fastify';
import type {
  MarkNotificationsReadResult,
  Notification,
  NotificationListQuery,
} from '../../shared/schemas/notification-schemas';
import type { AuthContext } from '../auth/auth-service';
import type { Database } from '../db/open-database';
import type { Mailer, MailMessage } from '../mail/mailer';
import {
  findUserEmail,
  insertNotification,
  listUserNotifications,
  markUserNotificationsRead,
  type NotificationListRow,
} from './notifications-queries';
import { composeOrderNotice, type NoticeOrder, type OrderChange } from './order-notice-text';
import type { SmsMessage, SmsSender } from './sms';

export type { NoticeOrder, OrderChange } from './order-notice-text';

/** What an order change still has to send once its transaction has committed. */
export interface PendingNotice {
  orderId: string;
  mail?: MailMessage;
  sms?: SmsMessage;
}

interface NotificationsServiceDeps {
  db: Database;
  mailer: Mailer;
  sms: SmsSender;
  log: FastifyBaseLogger;
  clock: () => Date;
  publicUrl: string;
}

function toNotification(row: NotificationListRow): Notification {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export function createNotificationsService({
  db,
  mailer,
  sms,
  log,
  clock,
  publicUrl,
}: NotificationsServiceDeps) {
  function buildMail(to: string, title: string, body: string): MailMessage {
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
    return { to, subject: title, text };
  }

  /** A failed send is logged and stays in the outbox with its error; the change stands. */
  async function sendQuietly(channel: 'email' | 'sms', orderId: string, send: () => Promise<void>) {
    try {
      await send();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ orderId, channel, reason }, 'order notification could not be sent');
    }
  }

  return {
    /**
     * Records the customer's in-app notification inside the caller's transaction, and answers
     * the mail and SMS to hand to `sendNotice` after the commit: a message must never announce
     * a change that was rolled back.
     */
    async recordOrderChange(
      tx: Database,
      order: NoticeOrder,
      change: OrderChange,
    ): Promise<PendingNotice> {
      const { title, body, sms: smsText } = composeOrderNotice(order, change);
      await insertNotification(tx, { userId: order.userId, orderId: order.id, title, body });
      const email = await findUserEmail(tx, order.userId);
      return {
        orderId: order.id,
        mail: email ? buildMail(email, title, body) : undefined,
        sms:
          smsText && order.receiverPhone ? { to: order.receiverPhone, text: smsText } : undefined,
      };
    },

    /** Sends in the background, so a slow mail server never holds up the request. */
    sendNotice({ orderId, mail, sms: smsMessage }: PendingNotice): void {
      if (mail) void sendQuietly('email', orderId, () => mailer.send(mail));
      if (smsMessage) void sendQuietly('sms', orderId, () => sms.send(smsMessage));
    },

    async listNotifications(
      auth: AuthContext,
      query: NotificationListQuery,
    ): Promise<{ notifications: Notification[]; total: number }> {
      const { rows, total } = await listUserNotifications(db, auth.userId, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { notifications: rows.map(toNotification), total };
    },

    async markAllRead(auth: AuthContext): Promise<MarkNotificationsReadResult> {
      return { updated: await markUserNotificationsRead(db, auth.userId, clock()) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
