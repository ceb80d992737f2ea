import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportRow } from '#shared/schemas/import-schemas';
import { ApiError } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { FormAlert } from '../../../ui/form-alert';
import { inputClassName, labelClassName } from '../../../ui/input-styles';
import { useFixRow } from './import-queries';

/** The columns a row's errors name, each once, in the order of the errors. */
export function columnsInError(item: ImportRow): string[] {
  return [...new Set(item.errors.map((error) => error.field).filter((field) => field !== 'row'))];
}

/** A bad row's cells in error, edited in place and checked again by the server. */
export function ImportRowFix({
  importId,
  item,
  onDone,
}: {
  importId: string;
  item: ImportRow;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const columns = columnsInError(item);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.map((column) => [column, item.values[column] ?? ''])),
  );
  const fix = useFixRow(importId);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    fix.mutate({ row: item.row, values }, { onSuccess: onDone });
  };
  const error = fix.error
    ? fix.error instanceof ApiError && fix.error.status < 500
      ? fix.error.message
      : t('imports.rows.failed')
    : undefined;

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {columns.map((column) => {
          const id = `${formId}-${column}`;
          const message = item.errors.find((problem) => problem.field === column)?.message;
          return (
            <div key={column}>
              <label htmlFor={id} className={labelClassName}>
                {column}
              </label>
              <input
                id={id}
                dir="auto"
                value={values[column] ?? ''}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [column]: event.target.value }))
                }
                aria-invalid="true"
                aria-describedby={`${id}-error`}
                className={inputClassName(true)}
              />
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                {message}
              </p>
            </div>
          );
        })}
      </div>
      <FormAlert>{error}</FormAlert>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={fix.isPending}
          aria-busy={fix.isPending || undefined}
          className={buttonClassName('primary')}
        >
          {fix.isPending ? t('imports.rows.saving') : t('imports.rows.save')}
        </button>
        <button type="button" onClick={onDone} className={buttonClassName('ghost')}>
          {t('imports.rows.cancel')}
        </button>
      </div>
    </form>
  );
}
