import type { ReactNode } from 'react';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** Numbers (weights, prices) line up on the right. */
  align?: 'start' | 'end';
}

/**
 * Rows a user ticks for an action on several at once (print their labels, list them on a
 * hand-over sheet): a leading column of checkboxes, with one in the header for the rows shown.
 */
export interface DataTableSelection<Row> {
  selected: ReadonlySet<string>;
  onChange(selected: Set<string>): void;
  /** The accessible name of a row's checkbox ("Select MA-7K3Q-9ZP2"). */
  rowLabel(row: Row): string;
  /** The accessible name of the header's checkbox ("Select all shown"). */
  allLabel: string;
}

interface DataTableProps<Row> {
  /** Names the table for screen readers; not shown. */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  className?: string;
  selection?: DataTableSelection<Row>;
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
  selection,
}: DataTableProps<Row>) {
  const alignOf = (column: DataTableColumn<Row>) =>
    column.align === 'end' ? 'text-end' : 'text-start';
  const shownKeys = rows.map(rowKey);
  const allShownSelected =
    shownKeys.length > 0 && shownKeys.every((key) => selection?.selected.has(key));
  const toggle = (keys: readonly string[], on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    selection.onChange(next);
  };
  const checkboxCell = 'border-b border-slate-100 w-10 px-4 py-3';
  return (
    <div
      className={`max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white ${className}`}
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th
                scope="col"
                className="sticky top-0 z-10 w-10 border-b border-slate-200 bg-slate-50 px-4 py-3"
              >
                <input
                  type="checkbox"
                  aria-label={selection.allLabel}
                  checked={allShownSelected}
                  onChange={(event) => toggle(shownKeys, event.target.checked)}
                  className="size-4 accent-brand-700"
                />
              </th>
            )}
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
              {selection && (
                <td className={checkboxCell}>
                  <input
                    type="checkbox"
                    aria-label={selection.rowLabel(row)}
                    checked={selection.selected.has(rowKey(row))}
                    onChange={(event) => toggle([rowKey(row)], event.target.checked)}
                    className="size-4 accent-brand-700"
                  />
                </td>
              )}
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
