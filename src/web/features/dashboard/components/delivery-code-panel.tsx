import '../dashboard-strings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { CopyButton } from '../../../ui/copy-button';

/**
 * The receiver's delivery code while the order is on the road (docs/decisions/0009-drivers.md,
 * "Proof of delivery"): the customer passes it on, the driver needs it to hand the parcel over.
 * While the parcel comes back, the sender's return code
 * (docs/decisions/0023-failed-deliveries-and-returns.md): they give it to the driver who brings it.
 */
export function DeliveryCodePanel({
  code,
  kind = 'deliveryCode',
  className = '',
}: {
  code: string | null;
  kind?: 'deliveryCode' | 'returnCode';
  className?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!code) return null;
  return (
    <section
      aria-labelledby={titleId}
      className={`flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 sm:p-5 ${className}`}
    >
      <KeyRound aria-hidden="true" className="size-6 shrink-0 text-brand-800" />
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="text-sm font-semibold text-slate-700">
          {t(`dashboard.order.${kind}.title`)}
        </h2>
        <p className="font-mono text-2xl font-bold tracking-[0.2em] text-slate-900 tabular-nums">
          {code}
        </p>
        <p className="text-sm text-slate-700">{t(`dashboard.order.${kind}.hint`)}</p>
      </div>
      <CopyButton
        value={code}
        label={t(`dashboard.order.${kind}.copy`)}
        copiedLabel={t('dashboard.copy.copied')}
        failedLabel={t('dashboard.copy.failed')}
        className="flex-col"
      />
    </section>
  );
}
