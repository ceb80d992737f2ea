import type { ReactNode } from 'react';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** Numbers (weights, prices) line up on the right. */
  align?: 'start' | 'end';
}

interface DataTableProps<Row> {
  /** Names the table for screen readers; not shown. */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  className?: string;
}

/**
 * A work-tool table: header row that stays in view while its own box scrolls, numbers aligned
 * to the end side (the right, the left in Arabic, where the columns run from the right), tabular
 * figures. The box scrolls sideways too, so a wide table never widens the page.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  className = '',
}: DataTableProps<Row>) {
  const alignOf = (column: DataTableColumn<Row>) =>
    column.align === 'end' ? 'text-end' : 'text-start';
  return (
    <div
      className={`max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white ${className}`}
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={`sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase ${alignOf(column)}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-slate-50">
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={`border-b border-slate-100 px-4 py-3 text-slate-800 tabular-nums ${alignOf(column)}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
