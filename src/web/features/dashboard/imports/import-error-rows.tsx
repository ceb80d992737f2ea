import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportRow } from '#shared/schemas/import-schemas';
import { buttonClassName } from '../../../ui/button-styles';
import { FormAlert } from '../../../ui/form-alert';
import { useDropRow } from './import-queries';
import { ImportRowFix } from './import-row-fix';

/** A row's problems, column by column. */
function Problems({ item }: { item: ImportRow }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-1">
      {item.errors.map((error) => (
        <li key={`${error.field}-${error.code}`} className="text-sm">
          <span className="font-mono text-slate-700">
            {error.field === 'row' ? t('imports.rows.wholeRow') : error.field}
          </span>
          {': '}
          <span className="text-red-700">{error.message}</span>
          {item.values[error.field] && (
            <span dir="auto" className="ms-1 text-slate-500">
              ({item.values[error.field]})
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function RowActions({
  item,
  onFix,
  onDrop,
  dropping,
}: {
  item: ImportRow;
  onFix(): void;
  onDrop(): void;
  dropping: boolean;
}) {
  const { t } = useTranslation();
  const label = t('imports.rows.rowNumber', { row: item.row });
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        onClick={onFix}
        aria-label={`${t('imports.rows.fix')} (${label})`}
        className={buttonClassName('secondary')}
      >
        {t('imports.rows.fix')}
      </button>
      <button
        type="button"
        onClick={onDrop}
        disabled={dropping}
        aria-label={`${t('imports.rows.drop')} (${label})`}
        className={buttonClassName('ghost')}
      >
        {dropping ? t('imports.rows.dropping') : t('imports.rows.drop')}
      </button>
    </div>
  );
}

/**
 * The rows with errors, each with what to fix by column: a table on wide screens, cards on
 * phones. "Fix" opens the row's cells in error in place; "Drop" leaves the row out.
 */
export function ImportErrorRows({ importId, items }: { importId: string; items: ImportRow[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number>();
  const drop = useDropRow(importId);
  const dropping = (row: number) => drop.isPending && drop.variables === row;
  const actions = (item: ImportRow) => (
    <RowActions
      item={item}
      onFix={() => setEditing(item.row)}
      onDrop={() => drop.mutate(item.row)}
      dropping={dropping(item.row)}
    />
  );
  const fixForm = (item: ImportRow) => (
    <ImportRowFix importId={importId} item={item} onDone={() => setEditing(undefined)} />
  );

  return (
    <div className="flex flex-col gap-3">
      <FormAlert>{drop.error ? t('imports.rows.failed') : undefined}</FormAlert>
      <table className="hidden w-full text-start text-sm md:table">
        <caption className="mb-2 text-start font-semibold text-slate-900">
          {t('imports.rows.caption')}
        </caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('imports.rows.row')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('imports.rows.problems')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t('imports.rows.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <Fragment key={item.row}>
              <tr className="border-t border-slate-200 align-top">
                <td className="px-3 py-2 font-mono tabular-nums">{item.row}</td>
                <td className="px-3 py-2">
                  <Problems item={item} />
                </td>
                <td className="px-3 py-2">
                  <div className="flex justify-end">{actions(item)}</div>
                </td>
              </tr>
              {editing === item.row && (
                <tr>
                  <td colSpan={3} className="bg-slate-50 px-3 py-3">
                    {fixForm(item)}
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={t('imports.rows.caption')}>
        {items.map((item) => (
          <li key={item.row} className="rounded-lg border border-slate-200 p-3">
            <p className="mb-2 font-semibold text-slate-900">
              {t('imports.rows.rowNumber', { row: item.row })}
            </p>
            <Problems item={item} />
            <div className="mt-3">{editing === item.row ? fixForm(item) : actions(item)}</div>
          </li>
        ))}
      </ul>
    </div>
  );
}
