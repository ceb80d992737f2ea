import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCw } from 'lucide-react';
import { useFormatters } from '../../../i18n/use-formatters';
import { buttonClassName } from '../../../ui/button-styles';
import { Spinner } from '../../../ui/spinner';
import type { WizardPrice } from '../use-wizard-price';
import { FormAlert } from '../../../ui/form-alert';

export const summaryCardClassName = 'rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5';

export function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-end text-sm font-medium text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** The server's price in Dh with distance, driving time and vehicle; the estimate if it failed. */
export function PriceSummary({ price }: { price: WizardPrice }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <section aria-labelledby="price-summary-title" className={summaryCardClassName}>
      <h3 id="price-summary-title" className="font-semibold text-slate-900">
        {t('ordering.wizard.price.title')}
      </h3>
      {price.state === 'loading' && (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 border-2" />
          {t('ordering.wizard.calculating')}
        </p>
      )}
      {price.state === 'ready' && (
        <>
          <p className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-sm text-slate-600">{t('ordering.wizard.price.price')}</span>
            <span
              data-testid="order-price"
              className="text-2xl font-bold text-brand-900 tabular-nums"
            >
              {format.dh(price.result.price)}
            </span>
          </p>
          <p role="status" className="min-h-5 text-end text-xs text-slate-500">
            {price.updating && t('ordering.wizard.price.updating')}
          </p>
          <dl className="mt-1 divide-y divide-slate-200 border-t border-slate-200">
            <SummaryRow label={t('ordering.wizard.price.distance')}>
              {format.km(price.result.distance)}
            </SummaryRow>
            <SummaryRow label={t('ordering.wizard.price.duration')}>
              {format.duration(price.result.durationMinutes)}
            </SummaryRow>
            <SummaryRow label={t('ordering.wizard.price.vehicle')}>
              {t(`ordering.vehicles.${price.result.vehicle}`, {
                defaultValue: price.result.vehicle,
              })}
            </SummaryRow>
          </dl>
        </>
      )}
      {price.state === 'failed' && (
        <div className="mt-3 space-y-3">
          <FormAlert>{t('ordering.wizard.calculateFailed')}</FormAlert>
          <FallbackPrice estimate={price.estimate} />
          <button type="button" onClick={price.retry} className={buttonClassName('secondary')}>
            <RotateCw aria-hidden="true" className="size-4" />
            {t('ordering.wizard.price.retry')}
          </button>
        </div>
      )}
    </section>
  );
}

/** docs/product.md, section 9's local price, always labelled as an estimate. */
export function FallbackPrice({ estimate }: { estimate: number }) {
  const { t } = useTranslation();
  const { dh } = useFormatters();
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-3">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-medium text-amber-900">
          {t('ordering.wizard.price.estimatedPrice')}{' '}
          <span className="ms-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/25 ring-inset">
            {t('ordering.wizard.price.estimate')}
          </span>
        </span>
        <span
          data-testid="estimated-price"
          className="text-xl font-bold text-amber-950 tabular-nums"
        >
          {dh(estimate)}
        </span>
      </p>
      <p className="mt-1 text-xs text-amber-900">{t('ordering.wizard.price.estimateNote')}</p>
    </div>
  );
}
