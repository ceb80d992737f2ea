import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '#shared/i18n/locales';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { notifications, orders, users } from '../db/schema';

/**
 * One notification for every member of the order's organization, each read on their own
 * (docs/decisions/0014-organizations.md); in the caller's transaction.
 */
export async function insertOrganizationNotifications(
  tx: Database,
  notification: {
    organizationId: string;
    orderId: string;
    kind: NonNullable<(typeof notifications.$inferInsert)['kind']>;
    params: Record<string, string>;
  },
): Promise<void> {
  await tx.insert(notifications).select(
    tx
      .select({
        id: sql`gen_random_uuid()`.as('id'),
        userId: users.id,
        orderId: sql`${notification.orderId}::uuid`.as('order_id'),
        kind: sql`${notification.kind}::order_event_kind`.as('kind'),
        notice: sql`null`.as('notice'),
        params: sql`${JSON.stringify(notification.params)}::jsonb`.as('params'),
        title: sql`null`.as('title'),
        body: sql`null`.as('body'),
        readAt: sql`null::timestamptz`.as('read_at'),
        createdAt: sql`now()`.as('created_at'),
      })
      .from(users)
      .where(eq(users.organizationId, notification.organizationId)),
  );
}

/** Notices about an organization's money, one per reader (migration 0019); in the caller's transaction. */
export async function insertMoneyNotices(
  tx: Database,
  notices: ReadonlyArray<{
    userId: string;
    notice: NonNullable<(typeof notifications.$inferInsert)['notice']>;
    params: Record<string, string>;
    createdAt: Date;
  }>,
): Promise<void> {
  for (let start = 0; start < notices.length; start += 1_000) {
    await tx.insert(notifications).values(notices.slice(start, start + 1_000));
  }
}

export interface UserContact {
  /** Null for an account without an email (a driver's): nothing to mail. */
  email: string | null;
  /** The language its mails, and the SMS about its orders, are written in. */
  locale: Locale;
  /** Null for a member who was removed from their organization, and for non-customers. */
  organizationId: string | null;
}

export async function findUserContact(
  db: Database,
  userId: string,
): Promise<UserContact | undefined> {
  const [row] = await db
    .select({ email: users.email, locale: users.locale, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function listUserNotifications(db: Database, userId: string, page: Page) {
  const where = eq(notifications.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        notice: notifications.notice,
        params: notifications.params,
        title: notifications.title,
        body: notifications.body,
        orderId: notifications.orderId,
        trackingNumber: orders.trackingNumber,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .leftJoin(orders, eq(orders.id, notifications.orderId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
export type NotificationListRow = Awaited<ReturnType<typeof listUserNotifications>>['rows'][number];

/** Marks every unread notification of this user read; answers how many changed. */
export async function markUserNotificationsRead(
  db: Database,
  userId: string,
  readAt: Date,
): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}

/** Capped: a badge shows "99+" long before a count would cost anything. */
export const UNREAD_COUNT_CAP = 100;

export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const unread = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .limit(UNREAD_COUNT_CAP)
    .as('unread');
  const [row] = await db.select({ total: count() }).from(unread);
  return row?.total ?? 0;
}
