import type { AuditEntry } from '#shared/schemas/audit-schemas';

const show = (value: unknown) =>
  value === null || value === undefined
    ? '–'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * An entry's before/after summary, one field a line: `status: PENDING → IN_TRANSIT`, or only the
 * new value of a field that was not there before. Field names and values are the record's own,
 * written left to right in every language.
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return null;
  return (
    <ul dir="ltr" className="flex flex-col gap-0.5 font-mono text-xs text-slate-700">
      {fields.map((field) => (
        <li key={field} className="[overflow-wrap:anywhere]">
          <span className="text-slate-500">{field}:</span>{' '}
          {field in before && field in after ? (
            <>
              {show(before[field])} → {show(after[field])}
            </>
          ) : (
            show(field in after ? after[field] : before[field])
          )}
        </li>
      ))}
    </ul>
  );
}
