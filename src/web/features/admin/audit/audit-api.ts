import { apiPage, saveApiFile, toQueryString } from '../../../lib/api-client';
import type { ListFilter, ListPage, ListParams, ListQueryOptions } from '../../../ui/list-screen';
import type { AuditEntry } from '#shared/schemas/audit-schemas';
import { ADMIN_PAGE_SIZE, adminQueryKeys } from '../api/admin-api';

/**
 * The audit screen's own filters, beside the list's search (the actor) and its filter (the
 * action): the record and the days, as the inputs hold them ('' for none).
 */
export interface AuditRecordFilters {
  recordType: string;
  recordId: string;
  from: string;
  to: string;
}

/** GET /api/admin/audit's query: the search box names the actor, the list filter the action. */
function auditQuery({ q, status }: ListFilter, filters: AuditRecordFilters) {
  return {
    actor: q.trim(),
    action: status,
    recordType: filters.recordType,
    recordId: filters.recordId.trim(),
    from: filters.from,
    to: filters.to,
  };
}

/** A page of the audit trail; under the back office's prefix, so every admin action refreshes it. */
export function auditListQuery(
  params: ListParams,
  filters: AuditRecordFilters,
): ListQueryOptions<AuditEntry> {
  return {
    queryKey: [...adminQueryKeys.all, 'audit', params, filters],
    queryFn: async ({ signal }): Promise<ListPage<AuditEntry>> => {
      const query = toQueryString({
        page: params.page,
        pageSize: ADMIN_PAGE_SIZE,
        ...auditQuery(params, filters),
      });
      const { body, total, capped } = await apiPage<AuditEntry[]>(`/admin/audit${query}`, {
        signal,
      });
      return { rows: body, total, capped };
    },
    staleTime: 0,
  };
}

/** Saves the trail as CSV with the screen's filters. */
export function downloadAuditCsv(filter: ListFilter, filters: AuditRecordFilters): Promise<void> {
  return saveApiFile(
    `/admin/audit/export.csv${toQueryString(auditQuery(filter, filters))}`,
    'audit.csv',
  );
}
