import {
  AuditEntrySchema,
  AuditListQuerySchema,
  type AuditEntry,
} from '#shared/schemas/audit-schemas';
import type { CsvColumn } from '../http/csv';
import { registerListRoutes } from '../http/list-routes';
import type { ZodApp } from '../http/zod-app';
import type { AuditService } from './audit-service';

const summaryText = (summary: AuditEntry['before']) => (summary ? JSON.stringify(summary) : '');

const auditCsvColumns: CsvColumn<AuditEntry>[] = [
  { header: 'audit.csv_at', value: (e) => e.at },
  { header: 'audit.csv_actor', value: (e) => e.actorEmail ?? e.actorUserId },
  { header: 'audit.csv_actor_role', value: (e) => e.actorRole },
  { header: 'audit.csv_action', value: (e) => e.action },
  { header: 'audit.csv_record_type', value: (e) => e.recordType },
  { header: 'audit.csv_record_id', value: (e) => e.recordId },
  { header: 'audit.csv_before', value: (e) => summaryText(e.before) },
  { header: 'audit.csv_after', value: (e) => summaryText(e.after) },
  { header: 'audit.csv_ip', value: (e) => e.ip },
];

/** Read only: no route changes or deletes an audit row (docs/decisions/0016-audit-trail.md). */
export function registerAuditRoutes(app: ZodApp, auditService: AuditService): void {
  registerListRoutes(app, {
    path: '/admin/audit',
    summary:
      'The audit trail: office actions, newest first (filter by actor, action, record, days)',
    tags: ['admin'],
    querystring: AuditListQuerySchema,
    item: AuditEntrySchema,
    guard: app.requireRole('ADMIN'),
    exportName: 'audit',
    csvColumns: auditCsvColumns,
    list: (query, page) => auditService.listEntries(query, page),
  });
}
