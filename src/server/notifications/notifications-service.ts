import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales';
import type { MoneyNoticeKind } from '#shared/money-notices';
import type { OrderEventKind } from '#shared/order-lifecycle';
import { toE164 } from '#shared/phone';
import type {
  MarkNotificationsReadResult,
  Notification,
  NotificationListQuery,
  UnreadCount,
} from '#shared/schemas/notification-schemas';
import type { AuthContext } from '../auth/auth-service';
import type { Database } from '../db/open-database';
import { orderMailTemplate, receiverSmsTemplate } from '../messages/message-templates';
import type { MessagesService, NewOutboxMessage } from '../messages/messages-service';
import {
  isMailedToCustomer,
  isTextedToReceiver,
  orderFactsOf,
  type OrderNoticeFacts,
} from '../messages/order-notice-text';
import { notificationText } from './notification-text';
import {
  countUnreadNotifications,
  findUserContact,
  insertMoneyNotices,
  insertOrganizationNotifications,
  listUserNotifications,
  markUserNotificationsRead,
  type NotificationListRow,
} from './notifications-queries';

/** What a notice needs to know about its order: whose it is and who receives it. */
export interface NoticeOrder {
  id: string;
  /** Every member of the organization is notified in the app. */
  organizationId: string;
  /** Who created it: the mail goes to them. */
  userId: string;
  receiverPhone: string | null;
}

interface NotificationsServiceDeps {
  db: Database;
  messagesService: MessagesService;
  clock: () => Date;
}

function toNotification(
  { kind, notice, params, title, body, ...row }: NotificationListRow,
  locale: Locale,
): Notification {
  return {
    ...notificationText({ kind, notice, params, title, body }, locale),
    ...row,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** Parameters are stored as text: the facts a template needs, and no empty ones. */
function toParams(facts: OrderNoticeFacts): Record<string, string> {
  return Object.fromEntries(
    Object.entries(facts).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/**
 * The secrets a change's notice may carry, each for one reader alone, never in the in-app
 * notification nor stored past its sending: the delivery code and the receiver's link go to the
 * receiver's phone (docs/decisions/0009-drivers.md, "Proof of delivery"), the return code to the
 * creator's mail (docs/decisions/0023-failed-deliveries-and-returns.md).
 */
interface NoticeSecrets {
  deliveryCode?: string;
  receiverLink?: string;
  returnCode?: string;
}

/**
 * The mail to the member who created the order and the SMS to the receiver that a change sends.
 * Receivers have no account: their SMS speaks the language of the customer who ordered
 * (docs/decisions/0010-languages.md).
 */
function outgoingMessages(
  order: NoticeOrder,
  kind: OrderEventKind,
  params: Record<string, string>,
  secrets: NoticeSecrets,
  customer: Awaited<ReturnType<typeof findUserContact>>,
): NewOutboxMessage[] {
  const locale = customer?.locale ?? DEFAULT_LOCALE;
  const messages: NewOutboxMessage[] = [];
  // A creator since removed from the organization hears no more of its orders.
  const stillMember = customer?.organizationId === order.organizationId;
  const email = isMailedToCustomer(kind) && stillMember ? customer?.email : undefined;
  if (email) {
    messages.push({
      channel: 'email',
      recipient: email,
      template: orderMailTemplate(kind),
      params: secrets.returnCode ? { ...params, returnCode: secrets.returnCode } : params,
      locale,
    });
  }
  const { deliveryCode, receiverLink } = secrets;
  const phone =
    isTextedToReceiver(kind, { ...orderFactsOf(params), receiverLink }) && order.receiverPhone
      ? toE164(order.receiverPhone)
      : undefined;
  if (phone) {
    messages.push({
      channel: 'sms',
      recipient: phone,
      template: receiverSmsTemplate(kind),
      params: {
        ...params,
        ...(deliveryCode && { deliveryCode }),
        ...(receiverLink && { receiverLink }),
      },
      locale,
    });
  }
  return messages;
}

export function createNotificationsService({
  db,
  messagesService,
  clock,
}: NotificationsServiceDeps) {
  return {
    /**
     * Inside the lifecycle's transaction: an in-app notification for each member of the order's
     * organization, the mail to the member who created the order and the SMS to the receiver, as outbox rows (docs/decisions/0008). A change that
     * rolls back leaves none of them; one that commits loses none. The notification keeps the
     * facts, not a text: it is written when read, in the reader's language then.
     */
    async recordOrderChange(
      tx: Database,
      order: NoticeOrder,
      kind: OrderEventKind,
      facts: OrderNoticeFacts,
    ): Promise<void> {
      const { deliveryCode, receiverLink, returnCode, ...customerFacts } = facts;
      const params = toParams(customerFacts);
      await insertOrganizationNotifications(tx, {
        organizationId: order.organizationId,
        orderId: order.id,
        kind,
        params,
      });
      const customer = await findUserContact(tx, order.userId);
      await messagesService.queue(
        tx,
        outgoingMessages(order, kind, params, { deliveryCode, receiverLink, returnCode }, customer),
      );
    },

    /**
     * Inside the caller's transaction: an in-app notice about an organization's money for each of
     * these readers (its owners and accountants), its facts kept and written when read.
     */
    async recordMoneyNotices(
      tx: Database,
      notice: MoneyNoticeKind,
      notices: ReadonlyArray<{ userId: string; params: Record<string, string> }>,
    ): Promise<void> {
      const createdAt = clock();
      await insertMoneyNotices(
        tx,
        notices.map(({ userId, params }) => ({ userId, notice, params, createdAt })),
      );
    },

    async listNotifications(
      auth: AuthContext,
      query: NotificationListQuery,
    ): Promise<{ notifications: Notification[]; total: number }> {
      const [{ rows, total }, reader] = await Promise.all([
        listUserNotifications(db, auth.userId, {
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        findUserContact(db, auth.userId),
      ]);
      const locale = reader?.locale ?? DEFAULT_LOCALE;
      return { notifications: rows.map((row) => toNotification(row, locale)), total };
    },

    async countUnread(auth: AuthContext): Promise<UnreadCount> {
      return { unread: await countUnreadNotifications(db, auth.userId) };
    },

    async markAllRead(auth: AuthContext): Promise<MarkNotificationsReadResult> {
      return { updated: await markUserNotificationsRead(db, auth.userId, clock()) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
