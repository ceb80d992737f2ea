import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ImportSummary } from '#shared/schemas/import-schemas';
import { ApiError } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { FormAlert } from '../../../ui/form-alert';
import { useUploadImport } from './import-queries';

/** Step 2: a file chosen or dropped, then sent to be checked (nothing is created yet). */
export function ImportUploadCard({ onChecked }: { onChecked(summary: ImportSummary): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const [dragging, setDragging] = useState(false);
  const upload = useUploadImport();

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(file, { onSuccess: onChecked });
  };
  const error = upload.error
    ? upload.error instanceof ApiError && upload.error.status < 500
      ? upload.error.message
      : t('imports.upload.failed')
    : undefined;

  return (
    <Card title={t('imports.upload.title')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center ${
            dragging ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-slate-50'
          }`}
        >
          <FileUp aria-hidden="true" className="size-6 text-slate-500" />
          <span className="text-sm font-medium text-slate-800">{t('imports.upload.label')}</span>
          <span className="text-sm text-slate-600">{t('imports.upload.drop')}</span>
          {file && (
            <span className="text-sm font-medium text-brand-800">
              {t('imports.upload.chosen', { name: file.name })}
            </span>
          )}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          onChange={(event) => setFile(event.target.files?.[0])}
        />
        <FormAlert>{error}</FormAlert>
        <div>
          <button
            type="submit"
            disabled={!file || upload.isPending}
            aria-busy={upload.isPending || undefined}
            className={buttonClassName('primary')}
          >
            {upload.isPending ? t('imports.upload.busy') : t('imports.upload.submit')}
          </button>
        </div>
      </form>
    </Card>
  );
}
