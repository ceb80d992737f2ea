import { z } from 'zod';
import { AccountStatusResultSchema } from '#shared/schemas/account-schemas';
import {
  AdminUserListItemSchema,
  AdminUserListQuerySchema,
  type AdminUserListItem,
} from '#shared/schemas/admin-schemas';
import { officeActorOf } from '../audit/office-actions';
import type { Database } from '../db/open-database';
import type { CsvColumn } from '../http/csv';
import { ErrorBodySchema } from '../http/errors';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import type { AccountStatusService } from './account-status-service';
import { emailAccountRole, emailOfAccount } from './email-accounts';
import { listUsers, type UserListRow } from './users-queries';

/** The same name the profile gives: company name, full name, or "Administrator". */
function toAdminUser({
  companyName,
  fullName,
  createdAt,
  disabledAt,
  email,
  role,
  ...user
}: UserListRow): AdminUserListItem {
  return {
    ...user,
    email: emailOfAccount(email, user.id),
    role: emailAccountRole(role, user.id),
    name: companyName ?? fullName ?? 'Administrator',
    createdAt: createdAt.toISOString(),
    disabledAt: disabledAt?.toISOString() ?? null,
  };
}

const userCsvColumns: CsvColumn<AdminUserListItem>[] = [
  { header: 'csv.email', value: (u) => u.email },
  { header: 'csv.name', value: (u) => u.name },
  { header: 'csv.user_type', value: (u) => u.userType },
  { header: 'csv.role', value: (u) => u.role },
  { header: 'csv.user_created_at', value: (u) => u.createdAt },
  { header: 'account.csv_disabled_at', value: (u) => u.disabledAt },
];

export function registerUserRoutes(
  app: ZodApp,
  db: Database,
  accountStatusService: AccountStatusService,
): void {
  const adminOnly = app.requireRole('ADMIN');

  registerListRoutes(app, {
    path: '/admin/users',
    summary: 'All accounts, newest first (search by email or name)',
    tags: ['admin'],
    querystring: AdminUserListQuerySchema,
    item: AdminUserListItemSchema,
    guard: adminOnly,
    exportName: 'users',
    csvColumns: userCsvColumns,
    list: async (query, page) => {
      const { rows, total } = await listUsers(db, query, page);
      return { items: rows.map(toAdminUser), total };
    },
  });

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          security: [{ bearerAuth: [] }],
          summary: disabled
            ? "Disable a customer's or an admin's account: its sessions end, it cannot sign in"
            : 'Let a disabled account sign in again',
          params: z.object({ id: z.string().max(100) }),
          response: {
            200: AccountStatusResultSchema,
            404: ErrorBodySchema,
            ...(disabled && { 409: ErrorBodySchema }),
          },
        },
        onRequest: adminOnly,
      },
      async (request) =>
        accountStatusService.setAccountDisabled(
          request.params.id,
          disabled,
          officeActorOf(request),
        ),
    );
  }
}
