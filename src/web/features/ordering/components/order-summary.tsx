import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../i18n/use-formatters';
import type { NewOrderFormValues } from '../new-order-form';
import { SummaryRow, summaryCardClassName } from './price-summary';

/** Step 4's recap of what the customer entered on the steps before. */
export function OrderSummary() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { control } = useFormContext<NewOrderFormValues>();
  const order = useWatch({ control }) as NewOrderFormValues;
  const place = (city: string, address: string) =>
    address.trim() ? `${format.city(city)}, ${address.trim()}` : format.city(city);

  return (
    <section aria-labelledby="order-summary-title" className={summaryCardClassName}>
      <h3 id="order-summary-title" className="font-semibold text-slate-900">
        {t('ordering.wizard.summary.title')}
      </h3>
      <dl className="mt-2 divide-y divide-slate-200">
        <SummaryRow label={t('ordering.wizard.summary.pickup')}>
          {place(order.pickupLocation, order.pickupAddress)}
        </SummaryRow>
        <SummaryRow label={t('ordering.wizard.summary.delivery')}>
          {place(order.deliveryLocation, order.deliveryAddress)}
        </SummaryRow>
        <SummaryRow label={t('ordering.wizard.summary.cargo')}>
          {t(`ordering.cargoTypes.${order.cargoType}`)}
        </SummaryRow>
        <SummaryRow label={t('ordering.wizard.summary.weight')}>
          {format.kg(Number(order.weight))}
        </SummaryRow>
        <SummaryRow label={t('ordering.wizard.summary.size')}>
          {t('ordering.units.sizeValue', {
            length: order.length,
            width: order.width,
            height: order.height,
          })}
        </SummaryRow>
        <SummaryRow label={t('ordering.wizard.summary.priority')}>
          {t(`ordering.priorities.${order.priority}.label`)}
        </SummaryRow>
        <SummaryRow label={t('ordering.wizard.summary.receiver')}>
          {order.receiverName.trim()}
          <br />
          <span className="font-normal text-slate-600">{order.receiverPhone.trim()}</span>
        </SummaryRow>
        <SummaryRow label={t('ordering.wizard.summary.payment')}>
          {t(`ordering.wizard.payment.methods.${order.paymentMethod}.label`)}
        </SummaryRow>
      </dl>
    </section>
  );
}
