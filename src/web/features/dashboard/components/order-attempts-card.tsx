import '../dashboard-strings';
import { useTranslation } from 'react-i18next';
import type { CustomerOrderDetail } from '#shared/schemas/order-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { Card } from '../../../ui/card';
import { DetailList } from '../../../ui/detail-list';

/**
 * The failed delivery attempts of an order (docs/decisions/0023-failed-deliveries-and-returns.md):
 * how many, each one's reason, date and the day the receiver asked for, and what comes next.
 * Nothing shows for an order that never failed.
 */
export function OrderAttemptsCard({
  order,
  className = '',
}: {
  order: CustomerOrderDetail;
  className?: string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (order.failedAttempts === 0) return null;
  return (
    <Card title={t('dashboard.order.attempts.title')} className={className}>
      <ol className="space-y-3" aria-label={t('dashboard.order.attempts.listLabel')}>
        {order.attempts.map((attempt) => (
          <li key={attempt.attempt} className="rounded-md border border-slate-200 p-3 text-sm">
            <p className="font-semibold text-slate-900">
              {t('dashboard.order.attempts.attempt', { number: attempt.attempt })} ·{' '}
              {t(`dashboard.order.attempts.reasons.${attempt.reason}`)}
            </p>
            <p className="text-slate-700">{format.dateTime(attempt.at)}</p>
            {attempt.nextAttemptOn && (
              <p className="text-slate-700">
                {t('dashboard.order.attempts.dayAsked', {
                  day: format.dayMonth(attempt.nextAttemptOn),
                })}
              </p>
            )}
            {attempt.note && <p className="text-slate-700">{attempt.note}</p>}
          </li>
        ))}
      </ol>
      <div className="mt-4">
        <DetailList
          columns={1}
          details={[
            {
              label: t('dashboard.order.attempts.failed'),
              value: order.failedAttempts,
            },
            {
              label: t('dashboard.order.attempts.nextAttempt'),
              value: order.nextAttemptOn
                ? format.dayMonth(order.nextAttemptOn)
                : t('dashboard.order.attempts.noDay'),
            },
            ...(order.receiverInstructions
              ? [
                  {
                    label: t('dashboard.order.attempts.instructions'),
                    value: order.receiverInstructions,
                  },
                ]
              : []),
            ...(order.returnReason
              ? [{ label: t('dashboard.order.attempts.returnReason'), value: order.returnReason }]
              : []),
          ]}
        />
      </div>
    </Card>
  );
}
