import { z } from 'zod';
import {
  AdminMessageSchema,
  MessageListQuerySchema,
  RetryMessageResultSchema,
  type AdminMessage,
} from '#shared/schemas/message-schemas';
import { officeActorOf } from '../audit/office-actions';
import type { CsvColumn } from '../http/csv';
import { ErrorBodySchema } from '../http/errors';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import type { MessagesService } from './messages-service';

const tags = ['admin'];

const messageCsvColumns: CsvColumn<AdminMessage>[] = [
  { header: 'csv.message_id', value: (m: AdminMessage) => m.id },
  { header: 'csv.channel', value: (m: AdminMessage) => m.channel },
  { header: 'csv.recipient', value: (m: AdminMessage) => m.recipient },
  { header: 'csv.template', value: (m: AdminMessage) => m.template },
  { header: 'csv.status', value: (m: AdminMessage) => m.status },
  { header: 'csv.attempts', value: (m: AdminMessage) => m.attempts },
  { header: 'csv.last_error', value: (m: AdminMessage) => m.lastError ?? '' },
  { header: 'csv.created_at', value: (m: AdminMessage) => m.createdAt },
  { header: 'csv.sent_at', value: (m: AdminMessage) => m.sentAt ?? '' },
];

export function registerMessageRoutes(app: ZodApp, messagesService: MessagesService): void {
  const adminOnly = app.requireRole('ADMIN');

  registerListRoutes(app, {
    path: '/admin/messages',
    summary: 'Outgoing mail and SMS (the outbox), newest first',
    tags,
    querystring: MessageListQuerySchema,
    item: AdminMessageSchema,
    guard: adminOnly,
    exportName: 'messages',
    csvColumns: messageCsvColumns,
    list: (query, page) => messagesService.listMessages(query, page),
  });

  app.post(
    '/admin/messages/:id/retry',
    {
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Queue a failed message again',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: RetryMessageResultSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
      onRequest: adminOnly,
    },
    async (request) => messagesService.retryMessage(request.params.id, officeActorOf(request)),
  );
}
