import { useTranslation } from 'react-i18next';
import { BellRing, Check, Truck } from 'lucide-react';

/**
 * A picture of the product in the hero: one sample shipment as a customer follows it. Built
 * from markup rather than a screenshot so it stays sharp and costs no image request; read as
 * one image by screen readers because its figures are an example, not data.
 */
export function ShipmentPreview() {
  const { t } = useTranslation();
  const steps = t('public.home.preview.steps', { returnObjects: true }) as string[];
  const facts = t('public.home.preview.facts', { returnObjects: true }) as {
    label: string;
    value: string;
  }[];
  return (
    <div
      role="img"
      aria-label={t('public.home.preview.label')}
      className="relative mx-auto w-full max-w-md pb-8 lg:max-w-none"
    >
      <div className="rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 shadow-brand-950/40 ring-black/5 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <div>
            <p className="text-xs font-medium text-slate-500">{t('public.home.preview.title')}</p>
            <p className="font-mono text-sm font-semibold tabular-nums">
              {t('public.home.preview.id')}
            </p>
          </div>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-blue-50 px-2.5 py-1 text-xs font-semibold text-blue-700 ring-1 ring-blue-200">
            <span className="size-1.5 rounded-full bg-blue-600 motion-safe:animate-pulse" />
            {t('public.home.preview.status')}
          </span>
        </div>

        <div className="mt-5 grid grid-cols-[auto_1fr_auto] items-center gap-3">
          <div>
            <p className="text-xs text-slate-500">{t('public.home.preview.fromLabel')}</p>
            <p className="font-semibold">{t('public.home.preview.from')}</p>
          </div>
          <RouteLine />
          <div className="text-end">
            <p className="text-xs text-slate-500">{t('public.home.preview.toLabel')}</p>
            <p className="font-semibold">{t('public.home.preview.to')}</p>
          </div>
        </div>

        <ol className="mt-6 grid grid-cols-3 gap-2">
          {steps.map((step, index) => {
            const done = index < steps.length - 1;
            return (
              <li key={step}>
                <span
                  className={`block h-1.5 rounded-full ${done ? 'bg-brand-700' : 'bg-linear-to-r from-brand-700 to-slate-200 rtl:bg-linear-to-l'}`}
                />
                <span className="mt-2 flex items-center gap-1 text-xs font-medium text-slate-600">
                  {done ? (
                    <Check className="size-3.5 text-green-600" />
                  ) : (
                    <Truck className="size-3.5 text-brand-700" />
                  )}
                  {step}
                </span>
              </li>
            );
          })}
        </ol>

        <dl className="mt-6 grid grid-cols-3 divide-x divide-slate-200 rounded-lg bg-slate-50 py-3 ring-1 ring-slate-200">
          {facts.map((fact) => (
            <div key={fact.label} className="px-3">
              <dt className="text-xs text-slate-500">{fact.label}</dt>
              <dd className="mt-0.5 text-sm font-semibold tabular-nums">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="absolute start-4 bottom-0 flex items-center gap-3 rounded-xl bg-white py-2.5 ps-3 pe-4 text-slate-900 shadow-lg ring-1 ring-black/5 sm:-start-6">
        <span className="flex size-9 items-center justify-center rounded-lg bg-accent-500/15 text-accent-600">
          <BellRing className="size-5" />
        </span>
        <span>
          <span className="block text-xs text-slate-500">
            {t('public.home.preview.notifyLabel')}
          </span>
          <span className="block text-sm font-semibold">{t('public.home.preview.notify')}</span>
        </span>
      </div>
    </div>
  );
}

/** The dashed road between pickup and delivery, with the truck partway along it. */
function RouteLine() {
  return (
    <div className="relative h-10">
      <svg viewBox="0 0 200 40" preserveAspectRatio="none" className="absolute inset-0 size-full">
        <path
          d="M4 30 C 60 4, 140 4, 196 30"
          fill="none"
          strokeWidth="2"
          strokeDasharray="5 5"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
          className="stroke-brand-300"
        />
      </svg>
      {/* Dots in markup: the stretched SVG would draw them as ovals. */}
      <span className="absolute start-0 top-3/4 size-2.5 -translate-y-1/2 rounded-full bg-brand-800" />
      <span className="absolute end-0 top-3/4 size-2.5 -translate-y-1/2 rounded-full bg-accent-500" />
      <span className="absolute start-[58%] top-0 flex size-7 -translate-x-1/2 items-center rtl:translate-x-1/2 justify-center rounded-full bg-brand-800 text-white shadow ring-2 ring-white">
        <Truck className="size-4 rtl:-scale-x-100" />
      </span>
    </div>
  );
}
