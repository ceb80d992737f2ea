import { useTranslation } from 'react-i18next';
import type { ImportDetail } from '#shared/schemas/import-schemas';
import { ApiError } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { FormAlert } from '../../../ui/form-alert';
import { ImportErrorRows } from './import-error-rows';
import { useConfirmImport } from './import-queries';

function Figure({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`text-2xl font-semibold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

/** Step 3: the summary, the rows to fix or drop, and "Create N orders". */
export function ImportReviewCard({
  detail,
  onAnother,
}: {
  detail: ImportDetail;
  onAnother(): void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmImport(detail.id);
  const withErrors = detail.items.filter((item) => item.errors.length > 0);
  const error = confirm.error
    ? confirm.error instanceof ApiError && confirm.error.status < 500
      ? confirm.error.message
      : t('imports.confirm.failed')
    : undefined;

  return (
    <Card title={t('imports.summary.title')}>
      <p dir="auto" className="mb-3 text-sm text-slate-600">
        {t('imports.summary.file', { name: detail.fileName })}
      </p>
      <dl className="mb-4 grid grid-cols-3 gap-3">
        <Figure label={t('imports.summary.rows')} value={detail.rows} tone="text-slate-900" />
        <Figure label={t('imports.summary.valid')} value={detail.valid} tone="text-green-700" />
        <Figure
          label={t('imports.summary.invalid')}
          value={withErrors.length}
          tone={withErrors.length > 0 ? 'text-red-700' : 'text-slate-900'}
        />
      </dl>
      {withErrors.length > 0 ? (
        <ImportErrorRows importId={detail.id} items={withErrors} />
      ) : (
        <p className="text-sm font-medium text-green-700">{t('imports.summary.allValid')}</p>
      )}
      <div className="mt-5 flex flex-col gap-2 border-t border-slate-200 pt-4">
        {detail.valid === 0 ? (
          <p className="text-sm text-slate-600">{t('imports.confirm.nothing')}</p>
        ) : (
          withErrors.length > 0 && (
            <p className="text-sm text-slate-600">
              {t('imports.confirm.skipped', { count: withErrors.length })}
            </p>
          )
        )}
        <FormAlert>{error}</FormAlert>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={detail.valid === 0 || confirm.isPending}
            aria-busy={confirm.isPending || undefined}
            onClick={() => confirm.mutate()}
            className={buttonClassName('primary')}
          >
            {confirm.isPending
              ? t('imports.confirm.busy')
              : t('imports.confirm.create', { count: detail.valid })}
          </button>
          <button type="button" onClick={onAnother} className={buttonClassName('ghost')}>
            {t('imports.result.another')}
          </button>
        </div>
      </div>
    </Card>
  );
}
