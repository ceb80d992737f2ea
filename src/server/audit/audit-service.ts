import { addDays, businessDayStart } from '#shared/business-calendar';
import type { AuditListQuery, AuditEntry } from '#shared/schemas/audit-schemas';
import type { AuditAction, AuditRecordType } from '#shared/audit-actions';
import type { ListTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { isUuid } from '../db/uuid';
import { listAuditRows, type AuditFilter, type AuditListRow } from './audit-queries';

function toAuditEntry({ entry, actorEmail }: AuditListRow): AuditEntry {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actorUserId: entry.actorUserId,
    actorEmail,
    actorRole: entry.actorRole,
    action: entry.action as AuditAction,
    recordType: entry.recordType as AuditRecordType,
    recordId: entry.recordId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
  };
}

/** The query's filters as the database reads them: days become Morocco's midnights. */
function toAuditFilter(query: AuditListQuery): AuditFilter {
  const actor = query.actor;
  return {
    ...(actor && (isUuid(actor) ? { actorUserId: actor } : { actorEmail: actor })),
    action: query.action,
    recordType: query.recordType,
    recordId: query.recordId,
    from: query.from ? businessDayStart(query.from) : undefined,
    until: query.to ? businessDayStart(addDays(query.to, 1)) : undefined,
  };
}

/** The back office's reading of the audit trail (docs/decisions/0016-audit-trail.md). */
export function createAuditService({ db }: { db: Database }) {
  return {
    async listEntries(
      query: AuditListQuery,
      page: Page,
    ): Promise<{ items: AuditEntry[]; total: ListTotal }> {
      const { rows, total } = await listAuditRows(db, toAuditFilter(query), page);
      return { items: rows.map(toAuditEntry), total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
