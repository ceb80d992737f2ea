import '../admin-strings';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from '#shared/audit-actions';
import { getRoleTone } from '#shared/order-status';
import type { AuditEntry } from '#shared/schemas/audit-schemas';
import { DateField } from '../../../ui/date-field';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { ListScreen, type ListFilterOption } from '../../../ui/list-screen';
import { FilterSelect } from '../../../ui/select-field';
import { StatusBadge } from '../../../ui/status-badge';
import { notifyError } from '../../../ui/toasts';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { ADMIN_PAGE_SIZE } from '../api/admin-api';
import { AuditChanges } from '../audit/audit-changes';
import { auditListQuery, downloadAuditCsv, type AuditRecordFilters } from '../audit/audit-api';
import { AdminTime } from '../components/admin-time';
import { useAdminListStrings } from '../components/admin-list-screen';
import { OrderIdLink } from '../components/order-id-link';
import type { CardColumn } from '../../../ui/row-cards';
import { useAdminListErrorText } from '../use-admin-error-text';

const NO_FILTERS: AuditRecordFilters = { recordType: '', recordId: '', from: '', to: '' };

/** The record an entry is about: an order links to its page, anything else shows its id. */
function AuditRecord({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col gap-0.5">
      <span className="text-sm">{t(`admin.audit.recordTypes.${entry.recordType}`)}</span>
      {entry.recordType === 'order' ? (
        <OrderIdLink id={entry.recordId} />
      ) : (
        <span className="font-mono text-xs text-slate-600 [overflow-wrap:anywhere]">
          {entry.recordId}
        </span>
      )}
    </span>
  );
}

/** The record type and id, and the days: the audit screen's filters beside actor and action. */
function AuditRecordFilterFields({
  value,
  onChange,
}: {
  value: AuditRecordFilters;
  onChange(next: AuditRecordFilters): void;
}) {
  const { t } = useTranslation();
  const typeOptions = [
    { value: '', label: t('admin.audit.allRecordTypes') },
    ...AUDIT_RECORD_TYPES.map((type) => ({
      value: type,
      label: t(`admin.audit.recordTypes.${type}`),
    })),
  ];
  const field = (name: keyof AuditRecordFilters) => ({
    value: value[name],
    onChange: (event: { target: { value: string } }) =>
      onChange({ ...value, [name]: event.target.value }),
  });
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <FilterSelect
        label={t('admin.audit.filters.recordType')}
        value={value.recordType}
        options={typeOptions}
        onChange={(recordType) => onChange({ ...value, recordType })}
      />
      <FormField label={t('admin.audit.filters.recordId')}>
        {(control) => (
          <input
            {...control}
            {...field('recordId')}
            type="text"
            dir="ltr"
            maxLength={100}
            autoComplete="off"
            placeholder={t('admin.audit.filters.recordIdPlaceholder')}
            className={inputClassName()}
          />
        )}
      </FormField>
      <DateField
        label={t('admin.audit.filters.from')}
        value={value.from}
        onChange={(from) => onChange({ ...value, from })}
      />
      <DateField
        label={t('admin.audit.filters.to')}
        value={value.to}
        min={value.from}
        onChange={(to) => onChange({ ...value, to })}
      />
    </div>
  );
}

/**
 * /admin/audit: every office action, newest first, with who did it, from where, to which record
 * and what it changed (docs/decisions/0016-audit-trail.md). Read only; filters by actor, action,
 * record and days, and exports what it shows as CSV.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const strings = useAdminListStrings();
  const describeError = useAdminListErrorText();
  const [filters, setFilters] = useState<AuditRecordFilters>(NO_FILTERS);
  // The record id is typed: it reaches the server once typing pauses, as the search does.
  const recordId = useDebouncedValue(filters.recordId);
  const sent = useMemo(() => ({ ...filters, recordId }), [filters, recordId]);
  const actionOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'all', label: t('admin.audit.allActions') },
      ...AUDIT_ACTIONS.map((action) => ({
        value: action,
        label: t(`admin.audit.actions.${action}`),
        status: action,
      })),
    ],
    [t],
  );
  const columns: CardColumn<AuditEntry>[] = [
    {
      id: 'at',
      header: t('admin.audit.columns.at'),
      cell: (entry) => <AdminTime iso={entry.at} />,
    },
    {
      id: 'actor',
      header: t('admin.audit.columns.actor'),
      cell: (entry) => (
        <span className="flex flex-col items-start gap-1">
          <span className="break-all">{entry.actorEmail ?? entry.actorUserId}</span>
          <StatusBadge tone={getRoleTone(entry.actorRole)}>{entry.actorRole}</StatusBadge>
        </span>
      ),
    },
    {
      id: 'action',
      header: t('admin.audit.columns.action'),
      // The stable name (order.dispatch …) is the CSV's; the screen says it in words.
      cell: (entry) => <span title={entry.action}>{t(`admin.audit.actions.${entry.action}`)}</span>,
    },
    {
      id: 'record',
      header: t('admin.audit.columns.record'),
      cell: (entry) => <AuditRecord entry={entry} />,
    },
    {
      id: 'changes',
      header: t('admin.audit.columns.changes'),
      cell: (entry) => <AuditChanges entry={entry} />,
    },
    {
      id: 'ip',
      header: t('admin.audit.columns.ip'),
      cell: (entry) => (
        <span dir="ltr" className="font-mono text-xs [overflow-wrap:anywhere] md:whitespace-nowrap">
          {entry.ip}
        </span>
      ),
    },
  ];
  const caption = t('admin.audit.caption');
  return (
    <ListScreen
      title={t('admin.audit.title')}
      lead={t('admin.audit.lead')}
      caption={caption}
      listQuery={(params) => auditListQuery(params, sent)}
      pageSize={ADMIN_PAGE_SIZE}
      strings={strings}
      rowKey={(entry) => entry.id}
      columns={columns}
      search={{
        label: t('admin.audit.filters.actor'),
        placeholder: t('admin.audit.filters.actorPlaceholder'),
      }}
      filter={{ label: t('admin.audit.filters.action'), options: actionOptions }}
      otherFilters={JSON.stringify(sent)}
      above={<AuditRecordFilterFields value={filters} onChange={setFilters} />}
      emptyMessage={t('admin.audit.empty')}
      describeError={(error) => describeError(error, t('admin.audit.loadFailed'))}
      downloadCsv={(filter) => downloadAuditCsv(filter, sent)}
      onCsvFailed={notifyError}
    />
  );
}
