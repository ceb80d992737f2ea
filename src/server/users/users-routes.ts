import {
  AdminUserListItemSchema,
  AdminUserListQuerySchema,
  type AdminUserListItem,
} from '#shared/schemas/admin-schemas';
import type { Database } from '../db/open-database';
import type { CsvColumn } from '../http/csv';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import { emailAccountRole, emailOfAccount } from './email-accounts';
import { listUsers, type UserListRow } from './users-queries';

/** The same name the profile gives: company name, full name, or "Administrator". */
function toAdminUser({
  companyName,
  fullName,
  createdAt,
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
  };
}

const userCsvColumns: CsvColumn<AdminUserListItem>[] = [
  { header: 'csv.email', value: (u) => u.email },
  { header: 'csv.name', value: (u) => u.name },
  { header: 'csv.user_type', value: (u) => u.userType },
  { header: 'csv.role', value: (u) => u.role },
  { header: 'csv.user_created_at', value: (u) => u.createdAt },
];

export function registerUserRoutes(app: ZodApp, db: Database): void {
  registerListRoutes(app, {
    path: '/admin/users',
    summary: 'All accounts, newest first (search by email or name)',
    tags: ['admin'],
    querystring: AdminUserListQuerySchema,
    item: AdminUserListItemSchema,
    guard: app.requireRole('ADMIN'),
    exportName: 'users',
    csvColumns: userCsvColumns,
    list: async (query, page) => {
      const { rows, total } = await listUsers(db, query, page);
      return { items: rows.map(toAdminUser), total };
    },
  });
}
