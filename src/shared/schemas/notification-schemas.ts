/** The customer's in-app notifications (docs/product.md, section 2, /dashboard/notifications). */
import { z } from 'zod';
import { pagingShape, withPageCap } from './list-schemas';

/** GET /api/dashboard/notifications: a page of them, newest first. */
export const NotificationListQuerySchema = withPageCap(z.object(pagingShape));
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  orderId: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: z.string(),
  /** Null while unread. */
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({ notifications: z.array(NotificationSchema) });
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** POST /api/dashboard/notifications/read: how many were unread until now. */
export const MarkNotificationsReadResultSchema = z.object({ updated: z.number().int() });
export type MarkNotificationsReadResult = z.infer<typeof MarkNotificationsReadResultSchema>;

/** GET /api/dashboard/notifications/unread-count: the number on the Notifications badge. */
export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;
