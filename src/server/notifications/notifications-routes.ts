import {
  MarkNotificationsReadResultSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  UnreadCountSchema,
} from '#shared/schemas/notification-schemas';
import { authOf } from '../auth/auth-guards';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import { UNREAD_COUNT_CAP } from './notifications-queries';
import type { NotificationsService } from './notifications-service';

const tags = ['customer'];
const security = [{ bearerAuth: [] }];

export function registerNotificationRoutes(
  app: ZodApp,
  notificationsService: NotificationsService,
): void {
  const customerOnly = app.requireRole('USER');

  app.get(
    '/dashboard/notifications',
    {
      schema: {
        tags,
        security,
        summary: 'My notifications about my orders, newest first',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListSchema, 400: ErrorBodySchema },
      },
      onRequest: customerOnly,
    },
    async (request, reply) => {
      const { notifications, total } = await notificationsService.listNotifications(
        authOf(request),
        request.query,
      );
      reply.header('x-total-count', String(total));
      return { notifications };
    },
  );

  app.get(
    '/dashboard/notifications/unread-count',
    {
      schema: {
        tags,
        security,
        summary: `How many of my notifications are unread (at most ${UNREAD_COUNT_CAP})`,
        response: { 200: UnreadCountSchema },
      },
      onRequest: customerOnly,
    },
    async (request) => notificationsService.countUnread(authOf(request)),
  );

  app.post(
    '/dashboard/notifications/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark all my notifications read',
        response: { 200: MarkNotificationsReadResultSchema },
      },
      onRequest: customerOnly,
    },
    async (request) => notificationsService.markAllRead(authOf(request)),
  );
}
