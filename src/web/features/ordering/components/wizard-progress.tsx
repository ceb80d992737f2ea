import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';

/**
 * The five steps of docs/product.md, section 2 as an ordered list: done, current
 * (aria-current="step") and to come. On a phone only the numbers show, with the current
 * step's name spelled out above. The steps run from the start side (from the right in Arabic),
 * each joined to the one before it.
 */
export function WizardProgress({ step }: { step: number }) {
  const { t } = useTranslation();
  const labels = t('ordering.wizard.steps', { returnObjects: true }) as string[];
  return (
    <nav aria-label={t('ordering.wizard.progressLabel')}>
      <p className="mb-3 text-sm font-semibold text-slate-700 sm:hidden">
        {t('ordering.wizard.stepOf', { current: step + 1, total: labels.length })}:{' '}
        <span className="text-brand-800">{labels[step]}</span>
      </p>
      <ol className="flex items-start">
        {labels.map((label, index) => {
          const done = index < step;
          const current = index === step;
          return (
            <li
              key={label}
              aria-current={current ? 'step' : undefined}
              className="relative flex flex-1 flex-col items-center gap-2 text-center"
            >
              {index > 0 && (
                <span
                  aria-hidden="true"
                  className={`absolute end-1/2 top-4 h-0.5 w-full -translate-y-1/2 ${done || current ? 'bg-brand-700' : 'bg-slate-200'}`}
                />
              )}
              <span
                aria-hidden="true"
                className={`relative z-10 flex size-8 items-center justify-center rounded-full text-sm font-semibold tabular-nums ring-2 ${
                  done
                    ? 'bg-brand-800 text-white ring-brand-800'
                    : current
                      ? 'bg-white text-brand-800 ring-brand-800'
                      : 'bg-white text-slate-500 ring-slate-300'
                }`}
              >
                {done ? <Check className="size-4" /> : index + 1}
              </span>
              <span
                className={`sr-only text-xs font-medium sm:not-sr-only ${current ? 'text-brand-900' : 'text-slate-600'}`}
              >
                {label}
                {done && <span className="sr-only"> ({t('ordering.wizard.stepDone')})</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
