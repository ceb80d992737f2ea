import { z } from 'zod';
import { ListQuerySchema } from '../../shared/schemas/list-schemas';
import { AdminUserListItemSchema } from '../../shared/schemas/user-schemas';
import type { Database } from '../db/open-database';
import type { ZodApp } from '../http/zod-app';
import { listUsers } from './users-queries';

export function registerUserRoutes(app: ZodApp, db: Database): void {
  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'All accounts, newest first (search by email)',
        security: [{ bearerAuth: [] }],
        querystring: ListQuerySchema,
        response: { 200: z.array(AdminUserListItemSchema) },
      },
      preHandler: app.requireRole('ADMIN'),
    },
    async (request, reply) => {
      const { rows, total } = await listUsers(db, request.query);
      reply.header('x-total-count', String(total));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );
}
