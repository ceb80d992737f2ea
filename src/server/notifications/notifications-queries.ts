import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Locale } from '#shared/i18n/locales';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { notifications, orders, users } from '../db/schema';

/** Runs in the caller's transaction, so a refused or rolled-back change leaves no row. */
export async function insertNotification(
  tx: Database,
  notification: typeof notifications.$inferInsert,
): Promise<void> {
  await tx.insert(notifications).values(notification);
}

export interface UserContact {
  /** Null for an account without an email (a driver's): nothing to mail. */
  email: string | null;
  /** The language its mails, and the SMS about its orders, are written in. */
  locale: Locale;
}

export async function findUserContact(
  db: Database,
  userId: string,
): Promise<UserContact | undefined> {
  const [row] = await db
    .select({ email: users.email, locale: users.locale })
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
