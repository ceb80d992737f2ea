import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditRecordType } from '#shared/audit-actions';
import { authOf } from '../auth/auth-guards';
import type { AuthContext } from '../auth/auth-service';
import type { Database } from '../db/open-database';
import { insertAuditRow } from './audit-queries';

/**
 * Who acts in the office, and from where: what every audited service takes from its route
 * (docs/decisions/0016-audit-trail.md). The address is the request's (`request.ip`, which
 * TRUST_PROXY decides), never one a body or header names.
 */
export interface OfficeActor {
  userId: string;
  role: AuthContext['role'];
  ip: string;
}

/** The office actor of a request that passed an auth guard. */
export function officeActorOf(request: FastifyRequest): OfficeActor {
  const { userId, role } = authOf(request);
  return { userId, role, ip: request.ip };
}

/** The fields an action changed, as they were (`before`) or became (`after`): small and flat. */
export type AuditSummary = Record<string, string | number | boolean | null>;

export interface OfficeAction {
  actor: OfficeActor;
  action: AuditAction;
  record: { type: AuditRecordType; id: string };
  /** Null (or absent) for what did not exist before, such as a created truck. */
  before?: AuditSummary | null;
  after?: AuditSummary | null;
}

/**
 * Writes the action's one audit row. Call it inside the action's own transaction (`tx`), after
 * its checks: the row commits with the action, and an action that fails leaves none.
 */
export async function recordOfficeAction(
  tx: Database,
  { actor, action, record, before = null, after = null }: OfficeAction,
): Promise<void> {
  await insertAuditRow(tx, {
    actorUserId: actor.userId,
    actorRole: actor.role,
    action,
    recordType: record.type,
    recordId: record.id,
    before,
    after,
    ip: actor.ip,
  });
}
