import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { readPageWithTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { auditLog, users } from '../db/schema';

export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'id'>;

export async function insertAuditRow(db: Database, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** What the back office filters the trail by; every field narrows it, none is required. */
export interface AuditFilter {
  actorUserId?: string;
  /** The actor's whole email address, lower-case. */
  actorEmail?: string;
  action?: string;
  recordType?: string;
  recordId?: string;
  /** From this instant, included. */
  from?: Date;
  /** Before this instant. */
  until?: Date;
}

function auditConditions(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actorUserId ? eq(auditLog.actorUserId, filter.actorUserId) : undefined,
    filter.actorEmail ? eq(users.email, filter.actorEmail) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.recordType ? eq(auditLog.recordType, filter.recordType) : undefined,
    filter.recordId ? eq(auditLog.recordId, filter.recordId) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.until ? lt(auditLog.at, filter.until) : undefined,
  );
}

/** The trail newest first, each row with its actor's email (one index per filter, migration 0010). */
export async function listAuditRows(db: Database, filter: AuditFilter, page: Page) {
  const where = auditConditions(filter);
  return readPageWithTotal(
    db,
    page,
    db
      .select({ entry: auditLog, actorEmail: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .$dynamic(),
    db
      .select({ id: auditLog.id })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .$dynamic(),
  );
}
export type AuditListRow = Awaited<ReturnType<typeof listAuditRows>>['rows'][number];
