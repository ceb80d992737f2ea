import type { DataTableColumn } from './data-table';

export interface CardColumn<Row> extends DataTableColumn<Row> {
  /** Left out of the phone cards (a decorative column such as the route arrow). */
  inCards?: boolean;
}

interface RowCardsProps<Row> {
  /** Names the list for screen readers, like the table's caption. */
  label: string;
  columns: readonly CardColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  className?: string;
}

/** The rows of a list's table as cards on phones: each column's header above its value. */
export function RowCards<Row>({
  label,
  columns,
  rows,
  rowKey,
  className = '',
}: RowCardsProps<Row>) {
  const shown = columns.filter((column) => column.inCards !== false);
  return (
    <ul aria-label={label} className={`flex flex-col gap-3 ${className}`}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
            {shown.map((column) => (
              <div key={column.id} className="min-w-0">
                <dt className="text-xs font-medium text-slate-500">{column.header}</dt>
                <dd className="mt-0.5 text-sm break-words text-slate-900 tabular-nums">
                  {column.cell(row)}
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
